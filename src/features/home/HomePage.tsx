import { Trans, useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors } from '../../actors/user';
import { Button } from '../../ui/Button';
import styles from './HomePage.module.css';

const SAMPLE_REQUEST = `curl -X POST https://api.example.com/api/v1/nanobanana/generate \\
  -H "Authorization: Bearer $NANO_BANANA_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"prompt":"a banana astronaut, studio light","type":"TEXTTOIAMGE",
       "model":"nano-banana","numImages":2,"aspectRatio":"16:9","outputFormat":"png"}'`;

export default function HomePage() {
  const { t } = useLingui();
  const modal = useGlobalActor('loginModal');
  const user = useGlobalSelector('user', userSelectors.user);

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="hero-title">
        <p className={styles.eyebrow}>
          <Trans>Nano Banana · Flux Kontext Pro · Flux Kontext Max</Trans>
        </p>
        <h1 id="hero-title" className={styles.title}>
          <Trans>Image generation for your product, one API call away</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>Generate and edit images with Nano Banana and Flux models through one simple task API. Pay per image with credits, watch usage per key, and try every model in the playground first.</Trans>
        </p>
        <div className={styles.actions}>
          {user ? (
            <p className={styles.signedIn}>
              <Trans>
                You are signed in as <strong>{user.email}</strong>.
              </Trans>
            </p>
          ) : (
            <>
              <Button variant="primary" size="lg" onClick={() => modal.send({ type: 'OPEN', view: 'signUp' })}>
                <Trans>Get your free API key</Trans>
              </Button>
              <Button variant="secondary" size="lg" onClick={() => modal.send({ type: 'OPEN', view: 'signIn' })}>
                <Trans>Sign in</Trans>
              </Button>
            </>
          )}
        </div>
        <p className={styles.note}>
          <Trans>New accounts start with free credits. No card needed.</Trans>
        </p>
      </section>

      <section className={styles.features} aria-label={t`What the API does`}>
        <article className={styles.feature}>
          <h2>
            <Trans>Text to image</Trans>
          </h2>
          <p>
            <Trans>Describe a scene and get up to four images per call, in the aspect ratio and format you need.</Trans>
          </p>
        </article>
        <article className={styles.feature}>
          <h2>
            <Trans>Image to image</Trans>
          </h2>
          <p>
            <Trans>Pass reference image URLs to edit, restyle or keep a character consistent across shots.</Trans>
          </p>
        </article>
        <article className={styles.feature}>
          <h2>
            <Trans>Built for developers</Trans>
          </h2>
          <p>
            <Trans>API keys per project, an IP allow-list, usage per key, invoices and several ways to pay.</Trans>
          </p>
        </article>
      </section>

      <section className={styles.sample} aria-labelledby="sample-title">
        <h2 id="sample-title">
          <Trans>Your first call</Trans>
        </h2>
        <pre className={styles.code} tabIndex={0} aria-label={t`Example request`}>
          <code>{SAMPLE_REQUEST}</code>
        </pre>
      </section>
    </div>
  );
}
