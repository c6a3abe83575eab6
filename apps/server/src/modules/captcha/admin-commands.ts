import type { Command } from 'commander';
import { type AdminIo, AdminRefusal } from '../../platform/admin-io.js';
import type { CaptchaService } from './service.js';

/**
 * `captcha answer <captchaId>`: what a live image captcha shows, for support staff helping a player who cannot
 * read it, and for end-to-end tests, which get through the real captcha this way instead of a test-only switch.
 */
export function registerCaptchaCommands(program: Command, { print }: AdminIo, { captcha }: { captcha: CaptchaService }) {
  program
    .command('captcha')
    .description('image captchas')
    .command('answer <captchaId>')
    .description('the answer of a live, unused captcha (the id the site received with the image)')
    .action(async (captchaId: string) => {
      const answer = await captcha.answerOf(captchaId);
      if (answer === null) throw new AdminRefusal(`no live captcha ${captchaId}`);
      print(answer);
    });
}
