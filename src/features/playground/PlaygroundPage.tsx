import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalActor } from '../../actors/useLocalActor';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { createGenerationLogic, visitSession, type GenerationActor } from '../../actors/generation';
import { userSelectors } from '../../actors/user';
import { PageHeader } from '../../ui/PageHeader';
import { Button } from '../../ui/Button';
import { copyText } from '../../ui/copyText';
import { draftCost, draftFromSearch, playgroundHref, searchFromDraft, validateDraft, type GenerationDraft } from '../../domain/generationDraft';
import { generationSelectors } from '../../actors/generation';
import { CodePanel } from './CodePanel';
import { GenerationPanel } from './GenerationPanel';
import { PlaygroundForm, type Requester } from './PlaygroundForm';
import { SessionStrip } from './SessionStrip';
import styles from './Playground.module.css';

/** The page address follows the form, without a new history entry per keystroke. */
function keepDraftInAddress(draft: GenerationDraft): void {
  window.history.replaceState(window.history.state, '', playgroundHref(draft));
}

/**
 * Keeps the address and the form together while the page stays open. A link to the bare playground (the
 * header's) keeps the form and puts it back in the address; an address with settings (Back, a shared link)
 * fills the form. Both sides are compared as the address would write them, so half-typed values stay.
 */
function useAddressFollowsForm(actor: GenerationActor): void {
  const search = useSearch();
  useEffect(() => {
    const current = actor.getSnapshot().context.draft;
    // The address the form itself just wrote: nothing to do (reading it back would trim a very long prompt).
    if (`?${search}` === searchFromDraft(current)) return;
    if (search === '') {
      if (searchFromDraft(current) !== '') keepDraftInAddress(current);
      return;
    }
    const linked = draftFromSearch(search);
    if (searchFromDraft(linked) !== searchFromDraft(current)) actor.send({ type: 'CHANGE', draft: linked });
  }, [actor, search]);
}

/**
 * `/playground/flux`: try a model with the same task API your code will call, with your own key. The
 * form lives in the address, so a playground can be shared; an anonymous visitor signs in on Generate.
 */
export default function PlaygroundPage() {
  const { t } = useLingui();
  const user = useGlobalActor('user');
  const modal = useGlobalActor('loginModal');
  const profile = useGlobalSelector('user', userSelectors.user);
  // The logic and the starting form are read once, when the page opens (like any form's initial values). The
  // address comes from the router, which also knows it where the page is prerendered.
  const search = useSearch();
  const [logic] = useState(() => createGenerationLogic({ user, syncDraft: keepDraftInAddress }));
  // This visit's earlier results come back with the page (the strip lasts until a reload), for the same account only.
  const [input] = useState(() => ({
    draft: draftFromSearch(search),
    validate: validateDraft,
    costOf: draftCost,
    session: visitSession(profile ? profile.apiKey : null),
  }));
  const actor = useLocalActor(logic, { input });
  const draft = useSelector(actor, generationSelectors.draft);
  useAddressFollowsForm(actor);
  const keyState = useGlobalSelector('user', userSelectors.apiKeyState);
  const requester: Requester = profile ? { apiKey: profile.apiKey, keyState, balance: profile.credits } : { apiKey: null, keyState, balance: null };

  return (
    <div className={styles.page}>
      <PageHeader
        title={<Trans>Playground</Trans>}
        lead={
          <Trans>
            Generate with Nano Banana, Nano Banana 2 and Nano Banana Pro through the same API your code will call. Failed tasks cost nothing.
          </Trans>
        }
        actions={
          <Button
            onClick={() =>
              void copyText(new URL(playgroundHref(draft), window.location.origin).href, t`Link copied: it opens the playground with these settings.`)
            }
          >
            <Trans>Copy link to these settings</Trans>
          </Button>
        }
      />
      <div className={styles.layout}>
        <div className={styles.formColumn}>
          <PlaygroundForm
            actor={actor}
            requester={requester}
            // The form holds what was typed: an account made now stays here instead of going to its welcome.
            onSignIn={() => modal.send({ type: 'OPEN', view: 'signIn', keepPage: true })}
            onReloadAccount={() => user.send({ type: 'REFRESH' })}
          />
        </div>
        <div className={styles.outputColumn}>
          <SessionStrip actor={actor} />
          <GenerationPanel actor={actor} />
          <CodePanel draft={draft} apiKey={profile ? profile.apiKey || null : null} />
        </div>
      </div>
    </div>
  );
}
