/**
 * The one error catalogue shared by server and client: code → HTTP status → message key.
 * The server answers `{ success: false, code, message: messageKey }`; the client translates `message`.
 */
export const ERRORS = {
  'request.invalid': { status: 400, messageKey: 'errors.request_invalid' },
  'request.body.too.large': { status: 413, messageKey: 'errors.request_too_large' },
  'request.media.unsupported': { status: 415, messageKey: 'errors.request_media_unsupported' },
  /** Node's own refusals before a request reaches the app: headers or URL over the size limit, a slow request. */
  'request.headers.too.large': { status: 431, messageKey: 'errors.request_too_large' },
  'request.timeout': { status: 408, messageKey: 'errors.request_timeout' },
  'function.not.available': { status: 400, messageKey: 'errors.function_not_available' },
  'merchant.unknown': { status: 400, messageKey: 'errors.merchant_unknown' },
  'route.not.found': { status: 404, messageKey: 'errors.route_not_found' },
  'relay.not.found': { status: 404, messageKey: 'errors.route_not_found' },
  'method.not.allowed': { status: 405, messageKey: 'errors.method_not_allowed' },
  'login.not.session': { status: 401, messageKey: 'errors.not_logged_in' },
  /** Only to the holder of a token that a newer login ended: who never had the token learns nothing. */
  'login.session.replaced': { status: 401, messageKey: 'errors.signed_in_elsewhere' },
  'rate.limited': { status: 429, messageKey: 'errors.too_many_requests' },
  'system.maintenance': { status: 503, messageKey: 'errors.system_maintenance' },
  'access.restricted': { status: 403, messageKey: 'errors.access_restricted' },
  'system.not.ready': { status: 503, messageKey: 'errors.system_error' },
  'system.error': { status: 500, messageKey: 'errors.system_error' },
  // --- accounts (issue 4): sessions, login, register, passwords, captcha, SMS, encrypted entries ---
  'request.encryption.required': { status: 400, messageKey: 'errors.encryption_required' },
  'request.encryption.invalid': { status: 400, messageKey: 'errors.encryption_invalid' },
  /** The key id is unknown or past its grace period: the client fetches the current key and seals again. */
  'request.encryption.key.unknown': { status: 400, messageKey: 'errors.encryption_key_unknown' },
  /** A sealed payload older than 2 minutes, or one whose nonce was already used. */
  'request.replayed': { status: 400, messageKey: 'errors.request_replayed' },
  /** Same code for an unknown account and a wrong password, so the answer does not reveal which accounts exist. */
  'login.invalid': { status: 400, messageKey: 'errors.login_invalid' },
  /** A wrong password that makes the image captcha necessary from now on: the client shows it. */
  'login.invalid.captcha': { status: 400, messageKey: 'errors.login_invalid_captcha' },
  'login.captcha.required': { status: 400, messageKey: 'errors.captcha_required' },
  'login.captcha.invalid': { status: 400, messageKey: 'errors.captcha_invalid' },
  'login.locked': { status: 429, messageKey: 'errors.too_many_requests' },
  'login.non.member': { status: 403, messageKey: 'errors.login_non_member' },
  'login.account.frozen': { status: 403, messageKey: 'errors.account_frozen' },
  'register.username.taken': { status: 409, messageKey: 'errors.username_taken' },
  'register.mobile.taken': { status: 409, messageKey: 'errors.mobile_taken' },
  invitation_code_error: { status: 400, messageKey: 'invitation_code_error' },
  'password.confirmation.mismatch': { status: 400, messageKey: 'validation.confirmation_mismatch' },
  'password.old.invalid': { status: 400, messageKey: 'errors.old_password_invalid' },
  'password.old.required': { status: 400, messageKey: 'errors.old_password_required' },
  'password.new.same': { status: 400, messageKey: 'errors.new_password_same' },
  'password.grant.invalid': { status: 400, messageKey: 'errors.password_grant_invalid' },
  'password.reset.invalid': { status: 400, messageKey: 'errors.password_reset_invalid' },
  'password.too.weak': { status: 400, messageKey: 'errors.password_too_weak' },
  'captcha.too.frequent': { status: 429, messageKey: 'errors.captcha_too_frequent' },
  'sms.too.frequent': { status: 429, messageKey: 'errors.sms_too_frequent' },
  'sms.code.invalid': { status: 400, messageKey: 'errors.sms_code_invalid' },
  'sms.code.expired': { status: 400, messageKey: 'errors.sms_code_expired' },
  'sms.mobile.invalid': { status: 400, messageKey: 'errors.sms_mobile_invalid' },
  'sms.send.failed': { status: 502, messageKey: 'errors.sms_send_failed' },
  in_need_true_account: { status: 403, messageKey: 'in_need_true_account' },
  // bot check (issue 4 item 7): missing, or forged / wrong / already used; expired asks for a fresh one
  'bot.check.required': { status: 400, messageKey: 'errors.bot_check_required' },
  'bot.check.failed': { status: 400, messageKey: 'errors.bot_check_failed' },
  'bot.check.expired': { status: 400, messageKey: 'errors.bot_check_expired' },
  // new-address login verification (issue 4 item 5): the ticket is unknown, used, expired or spent
  'login.verification.expired': { status: 400, messageKey: 'errors.login_verification_expired' },
  'login.verification.method.unavailable': { status: 400, messageKey: 'errors.login_verification_method_unavailable' },
  // a knowledge answer (bank account holder name, issue 5 item 5) that does not match; counts like a wrong code
  'login.verification.answer.invalid': { status: 400, messageKey: 'errors.login_verification_answer_invalid' },
  // player two-factor (Google code): missing on a guarded call, wrong, or too many wrong in a row
  'twofactor.required': { status: 400, messageKey: 'errors.twofactor_required' },
  'twofactor.invalid': { status: 400, messageKey: 'errors.twofactor_invalid' },
  'twofactor.locked': { status: 429, messageKey: 'errors.twofactor_locked' },
  'twofactor.already.enabled': { status: 409, messageKey: 'errors.twofactor_already_enabled' },
  /** Confirming without a started enrolment (or after it was turned on elsewhere). */
  'twofactor.not.enrolling': { status: 400, messageKey: 'errors.twofactor_not_enrolling' },
  'member.nickname.taken': { status: 409, messageKey: 'errors.nickname_taken' },
  /** Binding an address another account of the merchant has already verified (docs/decisions.md). */
  'contact.email.taken': { status: 409, messageKey: 'errors.contact_email_taken' },
  'contact.mobile.taken': { status: 409, messageKey: 'errors.contact_mobile_taken' },
  /** Verifying with no code asked for (or its address taken meanwhile): ask for a new code. */
  'contact.code.missing': { status: 400, messageKey: 'errors.contact_code_missing' },
  /** An avatar upload that is no PNG or JPEG by its bytes, whatever it claims to be. */
  'avatar.image.type': { status: 400, messageKey: 'errors.avatar_image_type' },
  'avatar.image.too.large': { status: 413, messageKey: 'errors.avatar_image_too_large' },
  /** More pixels than an avatar needs (a decompression bomb is refused before it is decoded). */
  'avatar.image.dimensions': { status: 400, messageKey: 'errors.avatar_image_dimensions' },
  /** The image's header passed but its data cannot be decoded. */
  'avatar.image.unreadable': { status: 400, messageKey: 'errors.avatar_image_unreadable' },
  /** The birthday is set once by the player; customer service corrects it. */
  'profile.birthday.locked': { status: 409, messageKey: 'errors.birthday_locked' },
  // --- end accounts ---
  // --- ledger (issue 5 item 1) ---
  /** A member account would go below zero, counting money held for pending withdrawals and bets. */
  'wallet.insufficient.funds': { status: 400, messageKey: 'errors.insufficient_funds' },
  /** An idempotency key already used for a different transfer (other accounts, amount or kind). */
  'ledger.idempotency.conflict': { status: 409, messageKey: 'errors.idempotency_conflict' },
  'ledger.transfer.not.found': { status: 404, messageKey: 'errors.transfer_not_found' },
  /** Posting a voided hold or voiding a posted one (repeating the same action is not an error). */
  'ledger.transfer.state': { status: 409, messageKey: 'errors.transfer_state' },
  // --- end ledger ---
  // content (announcements, notices)
  'notice.not.found': { status: 404, messageKey: 'errors.notice_not_found' },
  // --- responsible gaming, records, cashback, member transfers (issue 5 items 7-9) ---
  /** Time-out or self-exclusion in force: value.fields[0].params.until is its end (epoch ms). */
  'rg.excluded': { status: 403, messageKey: 'errors.rg_excluded' },
  /** Self-exclusion without an end: only an operator can lift it. */
  'rg.excluded.permanent': { status: 403, messageKey: 'errors.rg_excluded_permanent' },
  /** value.fields[0].params: period, limitMinor, remainingMinor. */
  'rg.deposit.limit.exceeded': { status: 400, messageKey: 'errors.rg_deposit_limit_exceeded' },
  'rg.exclusion.shorter': { status: 400, messageKey: 'errors.rg_exclusion_shorter' },
  'records.range.invalid': { status: 400, messageKey: 'errors.records_range_invalid' },
  'cashback.nothing.to.claim': { status: 400, messageKey: 'errors.cashback_nothing_to_claim' },
  'transfer.target.not.allowed': { status: 403, messageKey: 'errors.transfer_target_not_allowed' },
  /** value.fields[0].params: minMinor, maxMinor. */
  'transfer.amount.out.of.range': { status: 400, messageKey: 'errors.transfer_amount_out_of_range' },
  // --- end responsible gaming, records, cashback, member transfers ---
  // --- wallet, deposits, notifications (issue 5 items 2-4) ---
  /** Wallet transfers exist only in transfer mode (GCS_merchantWallet isSingle false). */
  'wallet.transfer.unavailable': { status: 400, messageKey: 'errors.wallet_transfer_unavailable' },
  'wallet.vendor.unknown': { status: 400, messageKey: 'errors.wallet_vendor_unknown' },
  // transfer mode with a vendor that keeps its own balance (modules/games/adapters/transfer-wallet.ts)
  /** The vendor has not confirmed the move yet: it completes or returns by itself (reconcile job). */
  'wallet.transfer.pending': { status: 409, messageKey: 'errors.wallet_transfer_pending' },
  /** The vendor declined the move (e.g. its balance is below the amount): nothing moved. */
  'wallet.vendor.refused': { status: 400, messageKey: 'errors.wallet_vendor_refused' },
  'deposit.channel.unavailable': { status: 404, messageKey: 'errors.deposit_channel_unavailable' },
  /** value.fields[0].params: minMinor, maxMinor. */
  'deposit.amount.out.of.range': { status: 400, messageKey: 'errors.deposit_amount_out_of_range' },
  'deposit.order.not.found': { status: 404, messageKey: 'errors.deposit_order_not_found' },
  /** Approving a rejected order, rejecting an approved one, adding proof to a settled one. */
  'deposit.order.state': { status: 409, messageKey: 'errors.deposit_order_state' },
  /** Too many open orders waiting for review. */
  'deposit.too.many.open': { status: 429, messageKey: 'errors.deposit_too_many_open' },
  /** The payment provider did not answer or refused the payment: nothing was taken, the order is failed. */
  'deposit.gateway.unavailable': { status: 503, messageKey: 'errors.deposit_gateway_unavailable' },
  /** Back office: a channel with this code exists already. */
  'channel.exists': { status: 409, messageKey: 'errors.channel_exists' },
  /** Back office: an instant channel without a configured provider, a provider on a transfer channel, min above max. */
  'channel.invalid': { status: 400, messageKey: 'errors.channel_invalid' },
  /** Back office: the payment provider did not answer a statement or status request; try again later. */
  'payments.provider.unavailable': { status: 503, messageKey: 'errors.payments_provider_unavailable' },
  /** Back office: the deposit or withdrawal was not paid through a payment provider (or does not exist). */
  'payments.not.gateway': { status: 404, messageKey: 'errors.payments_not_gateway' },
  'payments.reconciliation.not.found': { status: 404, messageKey: 'errors.payments_reconciliation_not_found' },
  /** Back office: the mismatch was resolved already (by someone else, or a second click). */
  'payments.reconciliation.resolved': { status: 409, messageKey: 'errors.payments_reconciliation_resolved' },
  // --- end wallet, deposits, notifications ---
  // --- promotions and bonuses ---
  'promo.not.found': { status: 404, messageKey: 'errors.promo_not_found' },
  /** Not open to this member now: value.fields[0].params.reason is one of PROMOTION_REASONS. */
  'promo.not.available': { status: 409, messageKey: 'errors.promo_not_available' },
  /** A bet above the running bonus's maximum: value.fields[0].params.maxMinor. */
  'promo.bet.above.max': { status: 400, messageKey: 'errors.promo_bet_above_max' },
  /** A withdrawal while a bonus is wagered, not confirmed: value.fields[0].params.forfeitMinor is what it forfeits. */
  'promo.bonus.forfeit.unconfirmed': { status: 409, messageKey: 'errors.promo_bonus_forfeit_unconfirmed' },
  /** The operator's promotion does not hold together: each field says what to fix. */
  'promo.rejected': { status: 400, messageKey: 'errors.promo_rejected' },
  /** Changing a closed promotion. */
  'promo.closed': { status: 409, messageKey: 'errors.promo_closed' },
  /** Deciding a claim that is no longer waiting for review. */
  'promo.review.state': { status: 409, messageKey: 'errors.promo_review_state' },
  // --- end promotions and bonuses ---
  // --- raffles ---
  /** No raffle of this promotion (not a raffle, or not set up yet). */
  'raffle.not.found': { status: 404, messageKey: 'errors.raffle_not_found' },
  /** Claiming a raffle the member won no prize in (or not drawn yet). */
  'raffle.not.winner': { status: 409, messageKey: 'errors.raffle_not_winner' },
  /** The claim deadline has passed: the prize returned to the house. */
  'raffle.prize.expired': { status: 409, messageKey: 'errors.raffle_prize_expired' },
  /** A bonus prize while another bonus of the member's runs (one at a time): claim again once it ends. */
  'raffle.prize.bonus.blocked': { status: 409, messageKey: 'errors.raffle_prize_bonus_blocked' },
  /** Back office: changing or drawing a raffle that was drawn already, or drawing one before it opens. */
  'raffle.drawn': { status: 409, messageKey: 'errors.raffle_drawn' },
  'raffle.not.open': { status: 409, messageKey: 'errors.raffle_not_open' },
  // --- end raffles ---
  // --- loyalty: VIP ranks and points ---
  'loyalty.item.not.found': { status: 404, messageKey: 'errors.loyalty_item_not_found' },
  /** The item is switched off or has too few units left for the quantity asked. */
  'loyalty.item.unavailable': { status: 409, messageKey: 'errors.loyalty_item_unavailable' },
  /** The item's per-member limit: value.fields[0].params.limit. */
  'loyalty.limit.reached': { status: 409, messageKey: 'errors.loyalty_limit_reached' },
  'loyalty.points.insufficient': { status: 400, messageKey: 'errors.loyalty_points_insufficient' },
  /** No conversion ratio set, or fewer points than the least converted (value.fields[0].params.min). */
  'loyalty.convert.unavailable': { status: 409, messageKey: 'errors.loyalty_convert_unavailable' },
  'loyalty.convert.below.min': { status: 400, messageKey: 'errors.loyalty_convert_below_min' },
  /** A request id already used for another redemption or conversion. */
  'loyalty.request.conflict': { status: 409, messageKey: 'errors.loyalty_request_conflict' },
  'loyalty.redemption.not.found': { status: 404, messageKey: 'errors.loyalty_redemption_not_found' },
  'loyalty.redemption.decided': { status: 409, messageKey: 'errors.loyalty_redemption_decided' },
  /** The operator's mall item does not hold together (a name in the default language is missing). */
  'loyalty.item.rejected': { status: 400, messageKey: 'errors.loyalty_item_rejected' },
  'loyalty.mission.not.found': { status: 404, messageKey: 'errors.mission_not_found' },
  /** The mission's target for that period is not met yet. */
  'loyalty.mission.incomplete': { status: 409, messageKey: 'errors.mission_incomplete' },
  'loyalty.mission.claimed': { status: 409, messageKey: 'errors.mission_claimed' },
  'loyalty.mission.expired': { status: 409, messageKey: 'errors.mission_expired' },
  /** A bonus reward while another bonus of the member's runs (one bonus at a time): claim it when that one ends. */
  'loyalty.mission.bonus.busy': { status: 409, messageKey: 'errors.mission_bonus_busy' },
  /** The operator's mission does not hold together: value.fields[0].params.reason. */
  'loyalty.mission.rejected': { status: 400, messageKey: 'errors.mission_rejected' },
  // --- end loyalty ---
  // --- security centre, withdrawals (issue 5 items 5, 6, 11); the first two codes are the original platform's ---
  'invalid.payment.pw': { status: 400, messageKey: 'errors.payment_password_invalid' },
  'not.exists.payment.password': { status: 400, messageKey: 'errors.payment_password_not_set' },
  /** Five wrong payment passwords in a row: refused for 5 minutes (spec §9 lock). */
  'payment.pw.locked': { status: 429, messageKey: 'errors.payment_password_locked' },
  'payout.account.limit': { status: 409, messageKey: 'errors.payout_account_limit' },
  'payout.account.duplicate': { status: 409, messageKey: 'errors.payout_account_duplicate' },
  'payout.account.not.found': { status: 404, messageKey: 'errors.payout_account_not_found' },
  /** Unbinding an account that an open withdrawal pays to. */
  'payout.account.in.use': { status: 409, messageKey: 'errors.payout_account_in_use' },
  'withdrawal.not.found': { status: 404, messageKey: 'errors.withdrawal_not_found' },
  /** The action does not fit the withdrawal's status (e.g. approving a rejected one, confirming a pending one). */
  'withdrawal.state': { status: 409, messageKey: 'errors.withdrawal_state' },
  /** value.fields[0].params: minMinor, maxMinor. */
  'withdrawal.amount.out.of.range': { status: 400, messageKey: 'errors.withdrawal_amount_out_of_range' },
  /** value.fields[0].params: dailyMaxMinor, remainingMinor. */
  'withdrawal.daily.limit': { status: 400, messageKey: 'errors.withdrawal_daily_limit' },
  /** The member's VIP level allows this many requests a day: value.fields[0].params: level, dailyCount. */
  'withdrawal.daily.count': { status: 400, messageKey: 'errors.withdrawal_daily_count' },
  /** The same client request id was used for a different withdrawal. */
  'withdrawal.request.conflict': { status: 409, messageKey: 'errors.withdrawal_request_conflict' },
  'transfer.request.conflict': { status: 409, messageKey: 'errors.transfer_request_conflict' },
  // --- end security centre, withdrawals ---
  // --- games: launch, vendor seamless wallet, house vendor (issue 6) ---
  'game.not.found': { status: 404, messageKey: 'errors.game_not_found' },
  /** A bet on a game (or vendor) the operator put under maintenance after it was launched. */
  'game.maintenance': { status: 409, messageKey: 'errors.game_maintenance' },
  /** The game's vendor has no adapter configured on this server. */
  'game.vendor.unavailable': { status: 400, messageKey: 'errors.game_vendor_unavailable' },
  /** The launch ticket is unknown, used or expired, or the game session ended: launch the game again. */
  'game.session.invalid': { status: 401, messageKey: 'errors.game_session_invalid' },
  /** value.fields[0].params: minMinor, maxMinor, multipleOf. */
  'game.bet.invalid': { status: 400, messageKey: 'errors.game_bet_invalid' },
  'game.round.not.found': { status: 404, messageKey: 'errors.game_round_not_found' },
  /** The client round id was already used for a different bet. */
  'game.round.conflict': { status: 409, messageKey: 'errors.game_round_conflict' },
  /** An instant game's choice outside its rules (a dice chance outside 1 %–98 %, another game's choice). */
  'game.choice.invalid': { status: 400, messageKey: 'errors.game_choice_invalid' },
  /** An auto-bet round where the merchant's market forbids auto-play (site settings `games.autoBet`). */
  'game.autobet.forbidden': { status: 403, messageKey: 'errors.game_autobet_forbidden' },
  /** A mines round is open: finish it (reveal or cash out) before a new one or a seed rotation. */
  'game.round.open': { status: 409, messageKey: 'errors.game_round_open' },
  /** A vendor transaction id already used for another operation, or a debit whose id was rolled back. */
  'vendor.tx.conflict': { status: 409, messageKey: 'errors.vendor_tx_conflict' },
  'vendor.tx.not.found': { status: 404, messageKey: 'errors.vendor_tx_not_found' },
  // --- end games ---
  // --- lotteries (issue 6 item 4, modules/lottery) ---
  /** The draw is past its cut-off (or already drawn): bets go to the next draw. */
  'lottery.draw.closed': { status: 409, messageKey: 'errors.lottery_draw_closed' },
  'lottery.draw.not.found': { status: 404, messageKey: 'errors.lottery_draw_not_found' },
  /** value.fields[i] points at the bet (body/bets/<i>): not a bet of this game, or a stake outside params minMinor–maxMinor. */
  'lottery.bet.invalid': { status: 400, messageKey: 'errors.lottery_bet_invalid' },
  /** The client slip id was already used for a different slip. */
  'lottery.slip.conflict': { status: 409, messageKey: 'errors.lottery_slip_conflict' },
  // --- end lotteries ---
  // --- favourites and recent games (issue 6) ---
  /** value.fields[0].params.max: the member already keeps the most favourites allowed. */
  'favourite.limit': { status: 409, messageKey: 'errors.favourite_limit' },
  // --- end favourites ---
  // --- back office: staff accounts, their sessions and permissions ---
  /** No live, fully logged-in staff session: a player's token is never one. */
  'staff.not.session': { status: 401, messageKey: 'errors.staff_not_session' },
  'staff.permission.denied': { status: 403, messageKey: 'errors.staff_permission_denied' },
  /** Same code for an unknown name and a wrong password. */
  'staff.login.invalid': { status: 400, messageKey: 'errors.staff_login_invalid' },
  'staff.login.locked': { status: 429, messageKey: 'errors.staff_login_locked' },
  /** A wrong, reused or expired second-factor code, or an expired login step. */
  'staff.code.invalid': { status: 400, messageKey: 'errors.staff_code_invalid' },
  'staff.enrolment.invalid': { status: 400, messageKey: 'errors.staff_enrolment_invalid' },
  'staff.name.taken': { status: 409, messageKey: 'errors.staff_name_taken' },
  'staff.role.unknown': { status: 400, messageKey: 'errors.staff_role_unknown' },
  'staff.session.unknown': { status: 404, messageKey: 'errors.staff_session_unknown' },
  'staff.role.exists': { status: 409, messageKey: 'errors.staff_role_exists' },
  /** A role some staff account has cannot be deleted: give them another role first. */
  'staff.role.in.use': { status: 409, messageKey: 'errors.staff_role_in_use' },
  /** The owner role stays: `npm run admin -- staff create <name> --role owner` creates the first owner with it. */
  'staff.role.protected': { status: 409, messageKey: 'errors.staff_role_protected' },
  /** The change would leave no active staff member whose role holds every permission. */
  'staff.role.last.owner': { status: 409, messageKey: 'errors.staff_role_last_owner' },
  // --- back office: games and lottery draws ---
  'catalogue.target.unknown': { status: 404, messageKey: 'errors.catalogue_target_unknown' },
  /** The change asks for what the vendor or game already is. */
  'catalogue.unchanged': { status: 409, messageKey: 'errors.catalogue_unchanged' },
  // --- back office: the money desk and four-eyes approvals ---
  'approval.not.found': { status: 404, messageKey: 'errors.approval_not_found' },
  /** Already confirmed or rejected: each approval is decided once. */
  'approval.state': { status: 409, messageKey: 'errors.approval_state' },
  /** The staff member who asked for an approval can never be the one who confirms it. */
  'approval.same.staff': { status: 403, messageKey: 'errors.approval_same_staff' },
  'approval.request.conflict': { status: 409, messageKey: 'errors.approval_request_conflict' },
  'money.member.unknown': { status: 404, messageKey: 'errors.money_member_unknown' },
  'money.proof.not.found': { status: 404, messageKey: 'errors.money_proof_not_found' },
  // --- back office: players ---
  'player.unknown': { status: 404, messageKey: 'errors.player_unknown' },
  /** The action would leave the player as they are (locking a locked account, the type they have). */
  'player.state.unchanged': { status: 409, messageKey: 'errors.player_state_unchanged' },
  /** A trial account comes from free play and has no password: it never changes type, and none becomes one. */
  'player.type.trial': { status: 409, messageKey: 'errors.player_type_trial' },
  'player.no.password': { status: 409, messageKey: 'errors.player_no_password' },
  'player.exclusion.none': { status: 409, messageKey: 'errors.player_exclusion_none' },
  /** A self-exclusion holds until its end: the back office lifts time-outs only. */
  'rg.self.exclusion.in.force': { status: 409, messageKey: 'errors.rg_self_exclusion_in_force' },
  /** value.fields: each reason the content or setting was refused (`params.reason`, English operator text). */
  'content.rejected': { status: 400, messageKey: 'errors.content_rejected' },
  'settings.rejected': { status: 400, messageKey: 'errors.settings_rejected' },
  'reports.range.invalid': { status: 400, messageKey: 'errors.reports_range_invalid' },
  // --- agents: the downline tree and the agent centre ---
  /** Spec §6: an agent-only call made by any other account. */
  'agent.not.agent': { status: 403, messageKey: 'errors.agent_not_agent' },
  /** A member id that is not in the calling agent's downline: answered like an unknown one. */
  'agent.member.unknown': { status: 404, messageKey: 'errors.agent_member_unknown' },
  'agent.range.invalid': { status: 400, messageKey: 'errors.agent_range_invalid' },
  /** The new upline is not an agent, is the member, or is under the member (the tree would loop). */
  'agent.move.invalid': { status: 409, messageKey: 'errors.agent_move_invalid' },
  // --- agent contracts (docs/decisions.md, "Agent contracts") ---
  /** A contract the caller is no party of is answered like an unknown one. */
  'contract.unknown': { status: 404, messageKey: 'errors.contract_unknown' },
  /** The kind's feature switch is off: no new offer or acceptance (terminating and rejecting still work). */
  'contract.kind.off': { status: 403, messageKey: 'errors.contract_kind_off' },
  /** An offer without its downline, period or tiers, or another action without its contract. */
  'contract.request.incomplete': { status: 400, messageKey: 'errors.contract_request_incomplete' },
  /** value.fields[0].key: which rule the tiers broke (contracts.problem.*). */
  'contract.tiers.invalid': { status: 400, messageKey: 'errors.contract_tiers_invalid' },
  'contract.period.invalid': { status: 400, messageKey: 'errors.contract_period_invalid' },
  /** Offers go to a direct downline agent only. */
  'contract.downline.invalid': { status: 409, messageKey: 'errors.contract_downline_invalid' },
  /** A rate above the upline's own contract of that kind (a top agent's: the merchant's limit). */
  'contract.rate.ceiling': { status: 409, messageKey: 'errors.contract_rate_ceiling' },
  /** A new contract must pay more than the one in force to replace it; a lower one waits for the current one to end. */
  'contract.rate.not.higher': { status: 409, messageKey: 'errors.contract_rate_not_higher' },
  'contract.offer.pending': { status: 409, messageKey: 'errors.contract_offer_pending' },
  /** The action is not one the caller may take in the contract's state (docs/decisions.md, the state machine). */
  'contract.state.invalid': { status: 409, messageKey: 'errors.contract_state_invalid' },
  /** value.fields: what to fix in a message to players (`params.reason`, English operator text). */
  'message.rejected': { status: 400, messageKey: 'errors.message_rejected' },
  'message.not.found': { status: 404, messageKey: 'errors.message_not_found' },
  /** Only a dead delivery is retried by hand; the others are on their way or delivered. */
  'delivery.not.dead': { status: 409, messageKey: 'errors.delivery_not_dead' },
  'delivery.not.found': { status: 404, messageKey: 'errors.delivery_not_found' },
  /** The chat does not exist or is not the caller's (a visitor's key or a member's token names it). */
  'chat.not.found': { status: 404, messageKey: 'errors.chat_not_found' },
  /** A visitor opening chats or sending messages faster than the limit. */
  'chat.too.frequent': { status: 429, messageKey: 'errors.chat_too_frequent' },
  /** Another staff member has taken the chat. */
  'chat.taken': { status: 409, messageKey: 'errors.chat_taken' },
  /** A chat picture that is not a png or jpg by its bytes, is over 5 MB or 4096 × 4096 pixels, or cannot be decoded. */
  'chat.image.type': { status: 400, messageKey: 'errors.chat_image_type' },
  'chat.image.too.large': { status: 413, messageKey: 'errors.chat_image_too_large' },
  'chat.image.dimensions': { status: 400, messageKey: 'errors.chat_image_dimensions' },
  'chat.image.unreadable': { status: 400, messageKey: 'errors.chat_image_unreadable' },
  'settlement.unknown': { status: 404, messageKey: 'errors.settlement_unknown' },
  /** The review action does not apply to the statement's status (approve or reject a held one: release it first). */
  'settlement.state.invalid': { status: 409, messageKey: 'errors.settlement_state_invalid' },
  'settlement.reason.required': { status: 400, messageKey: 'errors.settlement_reason_required' },
  /** The settlement test clock is moved only where the configuration allows it (never in production). */
  'settlement.clock.off': { status: 403, messageKey: 'errors.settlement_clock_off' },
} as const satisfies Record<string, { status: number; messageKey: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Message keys for validation failures, one per kind of rule the API schemas use. */
export const VALIDATION_KEYS = {
  required: 'validation.required',
  type: 'validation.type',
  tooShort: 'validation.too_short',
  tooLong: 'validation.too_long',
  tooSmall: 'validation.too_small',
  tooLarge: 'validation.too_large',
  pattern: 'validation.pattern',
  oneOf: 'validation.one_of',
  unknownField: 'validation.unknown_field',
  invalid: 'validation.invalid',
  /** NUL, escape and the other control characters: no text a player types holds them. */
  controlCharacters: 'validation.control_characters',
  /** Spec §5 'Please fill in your password with (min) - (max) characters'. */
  passwordLength: 'validation.password_length',
  /** Spec §5 'Real name format is incorrect', followed by the rule's own message (`{{rule}}`). */
  realNameFormat: 'validation.real_name_format',
  /** Spec §5 'Phone number format is incorrect', followed by the rule's own message (`{{rule}}`). */
  phoneFormat: 'validation.phone_format',
} as const;
