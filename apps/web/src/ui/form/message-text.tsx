import { localDigits } from '@tessera/contract/money-format';
import type { ParseKeys } from 'i18next';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from './rules-resolver';

type MessageParams = FieldMessage['params'];

/** Values a form adds to every message it shows, e.g. its amount limits already formatted as money. */
export const FormMessageParams = createContext<MessageParams>({});

/**
 * The server names a length bound `limit` (as its schema validator does), while the messages say `{{min}}` or
 * `{{max}}`: the bound fills both, so no message shows a bare placeholder.
 */
const withBounds = (params: MessageParams): MessageParams =>
  params.limit === undefined ? params : { min: params.limit, max: params.limit, ...params };

/**
 * Values shown in the player's numerals (a level "VIP1", a length 8 in Bengali digits); `count` stays a number for the
 * plural rules, and `rule` is a message key.
 */
const inLocalDigits = (params: MessageParams, language: string): MessageParams =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) =>
      name === 'count' || name === 'rule' || (typeof value !== 'string' && typeof value !== 'number')
        ? [name, value]
        : [name, localDigits(String(value), language)],
    ),
  );

/**
 * The translated text of a message key with its parameters (keys come from the contract and the server). A `rule`
 * parameter is the key of a register rule's own message, which a field's sentence ends with (validateField's
 * `formatMessageKey`): it is translated with the same parameters first.
 */
export function useMessageText() {
  const { t, i18n } = useTranslation();
  const formParams = useContext(FormMessageParams);
  return (message: FieldMessage | null) => {
    if (!message) return '';
    const params = inLocalDigits({ ...formParams, ...withBounds(message.params) }, i18n.language);
    const rule = typeof params.rule === 'string' ? { rule: String(t(params.rule as ParseKeys, params)) } : {};
    return String(t(message.key as ParseKeys, { ...params, ...rule }));
  };
}
