import { fromPromise, type ActorRefFrom } from 'xstate';
import { t } from '@lingui/core/macro';
import { notify } from '../services/notifier';
import { emailCodeMachine } from '../../machines/emailCode.machine';
import { sendCaptcha } from '../api/auth';

export const emailCodeLogic = emailCodeMachine.provide({
  actors: {
    sendCode: fromPromise(({ input }) => sendCaptcha({ email: input.email, type: input.purpose })),
  },
  actions: {
    notifyCodeSent: () => {
      notify.success(t`Code sent. Check your inbox.`);
    },
  },
});

export type EmailCodeActor = ActorRefFrom<typeof emailCodeLogic>;
