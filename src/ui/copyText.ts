import toast from 'react-hot-toast';
import { t } from '@lingui/core/macro';

/** Copies text, then says so (or says how to copy it by hand when the browser refuses). */
export function copyText(text: string, copiedMessage: string = t`Copied to the clipboard.`): Promise<boolean> {
  return navigator.clipboard.writeText(text).then(
    () => {
      toast.success(copiedMessage);
      return true;
    },
    () => {
      toast.error(t`Could not copy. Select the text and copy it yourself.`);
      return false;
    },
  );
}
