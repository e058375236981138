import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GenerationModel } from '../../api/contract';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors } from '../../actors/user';
import { CREDIT_PACKAGES, CURRENCY, FREE_SIGN_UP_CREDITS, totalCredits } from '../../domain/creditPackages';
import {
  GENERATION_MODELS,
  MODELS,
  MOST_REFERENCE_IMAGES,
  OUTPUT_FORMATS,
  generationCost,
  lowestCreditsPerImage,
} from '../../domain/generationOptions';
import { PROVIDER_NAMES, providersForCountry } from '../../domain/paymentProviders';
import { NEW_TASKS_PER_WINDOW, ORIGIN_LINK_MINUTES, RATE_WINDOW_SECONDS, STORED_RESULT_DAYS } from '../../domain/taskApiLimits';
import { Button, buttonClasses } from '../../ui/Button';
import { maskKey } from '../../ui/maskKey';
import { curlGenerate } from '../../domain/snippets';
import { CodeSample } from '../../ui/CodeSample';
import { KEY_PLACEHOLDER, SAMPLE_CALL, snippetTarget } from '../../domain/sampleCall';
import { useGenerationApiBaseUrl } from '../../ui/useHydrated';
import { balanceText } from '../../ui/balance';
import { creditRangeText, modelPriceList } from '../../ui/credits';
import { formatList } from '../../ui/formatList';
import { LineIcon } from '../../ui/LineIcon';
import styles from './HomePage.module.css';
import { GALLERY_IMAGES, HERO_IMAGES, HERO_TASK, SAMPLES, sampleImageUrl } from './sampleImages';

/** What every new account gets (README, "Demo conventions"); a live API is expected to grant the same. */
const CHEAPEST_MODEL: GenerationModel = 'nano-banana';
/** File format names, the same in every language. */
const FORMAT_NAMES: Record<(typeof OUTPUT_FORMATS)[number], string> = { png: 'PNG', jpg: 'JPEG' };
/** Every aspect ratio some model takes, in the order the models list them. */
const ALL_RATIOS = [...new Set(GENERATION_MODELS.flatMap((model) => MODELS[model].aspectRatios))].filter((ratio) => ratio !== 'auto');
const MOST_IMAGES = Math.max(...GENERATION_MODELS.map((model) => MODELS[model].maxImages));

/** A model's price per image: one number, or the range over its resolutions ("4–9"). */
function creditRange(model: GenerationModel, format: (value: number) => string): string {
  const prices = Object.values(MODELS[model].credits);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? format(low) : `${format(low)}–${format(high)}`;
}

/** The hero's illustration: what one call with four images returns. The caption says it; the pictures are decoration. */
function HeroTask() {
  const { i18n } = useLingui();
  const model = MODELS[HERO_TASK.model].name;
  const count = HERO_TASK.numImages;
  const cost = i18n.number(generationCost(HERO_TASK.model, '', HERO_TASK.numImages));
  return (
    <figure className={styles.heroCard}>
      <div className={styles.heroCardBar}>
        <span className={styles.method}>POST</span>
        <code className={styles.endpoint}>/api/v1/nanobanana/generate</code>
      </div>
      <p className={styles.heroPrompt} lang="en">
        “{HERO_TASK.prompt}”
      </p>
      <div className={styles.heroGrid}>
        {HERO_IMAGES.map((image) => (
          <img
            key={image.file}
            src={sampleImageUrl(image)}
            alt=""
            width={image.artwork.width}
            height={image.artwork.height}
            className={styles.heroImage}
          />
        ))}
      </div>
      <figcaption className={styles.heroCaption}>
        <span className={styles.success}>
          <Trans>successFlag 1 · done</Trans>
        </span>
        <span>
          <Trans>
            {model} · {count} images · {cost} credits
          </Trans>
        </span>
      </figcaption>
    </figure>
  );
}

function Gallery() {
  const { t } = useLingui();
  return (
    <section className={`${styles.section} ${styles.deferred}`} aria-labelledby="gallery-title">
      <div className={styles.sectionHead}>
        <h2 id="gallery-title" className={styles.sectionTitle}>
          <Trans>Sample outputs</Trans>
        </h2>
        <p className={styles.sectionLead}>
          <Trans>One prompt, one call. Every aspect ratio from 9:16 portraits to 21:9 banners.</Trans>
        </p>
      </div>
      <ul className={styles.gallery}>
        {SAMPLES.map((sample, index) => {
          const image = GALLERY_IMAGES[index];
          if (!image) return null;
          const model = MODELS[sample.model].name;
          const ratio = sample.aspectRatio;
          return (
            <li key={sample.prompt} className={styles.galleryItem}>
              <figure className={styles.figure}>
                <img
                  className={styles.image}
                  src={sampleImageUrl(image)}
                  alt={t`Sample output for the prompt “${sample.prompt}”`}
                  width={image.artwork.width}
                  height={image.artwork.height}
                  loading="lazy"
                  decoding="async"
                />
                <figcaption className={styles.caption}>
                  <span className={styles.prompt} lang="en">
                    {sample.prompt}
                  </span>
                  <span className={styles.meta}>
                    <span className={styles.chip}>{model}</span>
                    <span className={styles.chip}>{ratio}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Tiny line icons, decorative: the feature's heading says what it is. */
const ICONS: Record<string, ReactNode> = {
  text: <path d="M4 6h16M4 12h10M4 18h7m8-3 1.5 3L22 19l-1.5 1L19 23l-1.5-3L16 19l1.5-1z" />,
  edit: <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4M3 3l2 2m14 10 2 2" />,
  batch: <path d="M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z" />,
  ratio: <path d="M3 6h18v12H3zm4 0v12m10-12v12" />,
  usage: <path d="M4 20V10m6 10V4m6 16v-7m6 7H2" />,
  shield: <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6zm-3 9 2 2 4-4" />,
  invoice: <path d="M6 3h9l3 3v15l-3-2-3 2-3-2-3 2zm3 6h6m-6 4h6m-6 4h3" />,
  pay: <path d="M3 6h18v12H3zm0 4h18M7 15h3" />,
};

function Feature({ icon, title, children }: { icon: string; title: ReactNode; children: ReactNode }) {
  return (
    <li className={styles.feature}>
      <span className={styles.featureIcon} aria-hidden="true">
        <LineIcon size={20} strokeWidth={1.8}>
          {ICONS[icon]}
        </LineIcon>
      </span>
      <h3 className={styles.featureTitle}>{title}</h3>
      <p className={styles.featureText}>{children}</p>
    </li>
  );
}

function Features() {
  const { i18n } = useLingui();
  const list = (items: readonly string[]) => formatList(i18n, items);
  const maxImages = MOST_IMAGES;
  const nanoName = MODELS['nano-banana-2'].name;
  const nanoReferences = MOST_REFERENCE_IMAGES;
  const ratios = list(ALL_RATIOS);
  const formats = formatList(
    i18n,
    OUTPUT_FORMATS.map((format) => FORMAT_NAMES[format]),
    'disjunction',
  );
  const providers = list(providersForCountry(null).map((provider) => PROVIDER_NAMES[provider]));
  return (
    <section className={`${styles.section} ${styles.deferred}`} aria-labelledby="features-title">
      <div className={styles.sectionHead}>
        <h2 id="features-title" className={styles.sectionTitle}>
          <Trans>Everything you need to ship images</Trans>
        </h2>
        <p className={styles.sectionLead}>
          <Trans>The models do the drawing. The platform does keys, limits, usage and billing, so you do not have to.</Trans>
        </p>
      </div>
      <ul className={styles.features}>
        <Feature icon="text" title={<Trans>Text to image</Trans>}>
          <Trans>Describe a scene in plain words and get finished images back, ready for your product.</Trans>
        </Feature>
        <Feature icon="edit" title={<Trans>Image editing</Trans>}>
          <Trans>
            Pass reference image URLs (up to {nanoReferences} with {nanoName}) to edit, restyle or keep a character the same across shots.
          </Trans>
        </Feature>
        <Feature icon="batch" title={<Trans>Up to {maxImages} images per call</Trans>}>
          <Trans>Ask for variations in one task and pick the best. You pay per image made.</Trans>
        </Feature>
        <Feature icon="ratio" title={<Trans>Any aspect ratio</Trans>}>
          <Trans>
            {ratios}, or auto. Delivered as {formats}.
          </Trans>
        </Feature>
        <Feature icon="usage" title={<Trans>Usage per key</Trans>}>
          <Trans>Credits spent per day and per API key, with every task in your history.</Trans>
        </Feature>
        <Feature icon="shield" title={<Trans>IP allow-list</Trans>}>
          <Trans>Accept calls only from your servers' addresses. Rename, reset or delete keys at any time.</Trans>
        </Feature>
        <Feature icon="invoice" title={<Trans>Invoices</Trans>}>
          <Trans>Apply for an invoice for any order with your company details, then download it.</Trans>
        </Feature>
        <Feature icon="pay" title={<Trans>Many ways to pay</Trans>}>
          <Trans>{providers}. Auto top-up keeps production running.</Trans>
        </Feature>
      </ul>
    </section>
  );
}

function HowItWorks({ apiKey }: { apiKey: string }) {
  const { t } = useLingui();
  const hasKey = apiKey !== '';
  const baseUrl = useGenerationApiBaseUrl();
  const shown = curlGenerate(SAMPLE_CALL, snippetTarget(baseUrl, hasKey ? maskKey(apiKey) : KEY_PLACEHOLDER));
  const copied = curlGenerate(SAMPLE_CALL, snippetTarget(baseUrl, hasKey ? apiKey : KEY_PLACEHOLDER));
  return (
    <section className={`${styles.section} ${styles.deferred}`} aria-labelledby="how-title">
      <div className={styles.how}>
        <div>
          <h2 id="how-title" className={styles.sectionTitle}>
            <Trans>How it works</Trans>
          </h2>
          <ol className={styles.howSteps}>
            <li>
              <h3>
                <Trans>Get a key</Trans>
              </h3>
              <p>
                <Trans>Sign up and your account has an API key and free credits.</Trans>
              </p>
            </li>
            <li>
              <h3>
                <Trans>Create a task</Trans>
              </h3>
              <p>
                <Trans>POST a prompt, a model and an aspect ratio. You get a task id back at once.</Trans>
              </p>
            </li>
            <li>
              <h3>
                <Trans>Poll for the images</Trans>
              </h3>
              <p>
                <Trans>Ask for the task every few seconds until it is done, or let a callback URL tell you.</Trans>
              </p>
            </li>
          </ol>
          <Link href="/get-started" className={styles.arrowLink}>
            <Trans>Follow the quick start</Trans>
            <span aria-hidden="true"> →</span>
          </Link>
        </div>
        <CodeSample label={t`Example request`} variants={[{ id: 'curl', label: 'curl', shown, copied }]} copiesRealKey={hasKey} />
      </div>
    </section>
  );
}

function Pricing() {
  const { t, i18n } = useLingui();
  const money = (amount: number, digits = 2) =>
    i18n.number(amount, { style: 'currency', currency: CURRENCY, minimumFractionDigits: digits, maximumFractionDigits: digits });
  const perCredit = CREDIT_PACKAGES.map((one) => one.priceUsd / totalCredits(one));
  const bestRate = Math.min(...perCredit);
  const bestPackage = CREDIT_PACKAGES[perCredit.indexOf(bestRate)];
  const fromPer1000 = money(bestRate * 1000);
  const cheapestCredits = lowestCreditsPerImage(CHEAPEST_MODEL);
  const cheapestName = MODELS[CHEAPEST_MODEL].name;
  const freeCredits = i18n.number(FREE_SIGN_UP_CREDITS);
  const freeImages = i18n.number(Math.floor(FREE_SIGN_UP_CREDITS / cheapestCredits));
  return (
    <section className={`${styles.section} ${styles.deferred}`} aria-labelledby="pricing-title">
      <div className={styles.sectionHead}>
        <h2 id="pricing-title" className={styles.sectionTitle}>
          <Trans>Pay per image, with credits</Trans>
        </h2>
        <p className={styles.sectionLead}>
          <Trans>From {fromPer1000} per 1,000 credits. No subscription: buy a package when you need one. Failed tasks are refunded.</Trans>
        </p>
      </div>
      <div className={styles.pricing}>
        <div className={styles.priceCard}>
          <h3 className={styles.cardTitle}>
            <Trans>Credits per image</Trans>
          </h3>
          <table className={styles.priceTable}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Model</Trans>
                </th>
                <th scope="col">
                  <Trans>Credits</Trans>
                </th>
                <th scope="col">
                  <Trans>Price from</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {GENERATION_MODELS.map((model) => (
                <tr key={model}>
                  <th scope="row">{MODELS[model].name}</th>
                  <td>{creditRange(model, (credits) => i18n.number(credits))}</td>
                  <td>{money(lowestCreditsPerImage(model) * bestRate, 3)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.free}>
            <Trans>
              New accounts get <strong>{freeCredits} free credits</strong>: about {freeImages} {cheapestName} images, no card needed.
            </Trans>
          </p>
        </div>
        <ul className={styles.packages} aria-label={t`Credit packages`}>
          {CREDIT_PACKAGES.map((one) => {
            const total = totalCredits(one);
            const credits = i18n.number(one.credits);
            const bonus = i18n.number(one.bonusCredits);
            const images = i18n.number(Math.floor(total / cheapestCredits));
            const rate = money((one.priceUsd / total) * 1000);
            return (
              <li key={one.id} className={`${styles.package} ${one === bestPackage ? styles.bestPackage : ''}`}>
                {one === bestPackage ? (
                  <span className={styles.badge}>
                    <Trans>Best value</Trans>
                  </span>
                ) : null}
                <span className={styles.packagePrice}>{money(one.priceUsd, 0)}</span>
                <span className={styles.packageCredits}>
                  <Trans>{credits} credits</Trans>
                </span>
                {one.bonusCredits > 0 ? (
                  <span className={styles.packageBonus}>
                    <Trans>+{bonus} bonus</Trans>
                  </span>
                ) : (
                  <span className={styles.packageBonus} />
                )}
                <span className={styles.packageNote}>
                  <Trans>
                    ≈ {images} {cheapestName} images
                  </Trans>
                </span>
                <span className={styles.packageNote}>
                  <Trans>{rate} per 1,000 credits</Trans>
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <p className={styles.pricingLinks}>
        <Link href="/dashboard/billing" className={styles.arrowLink}>
          <Trans>Buy credits</Trans>
          <span aria-hidden="true"> →</span>
        </Link>
      </p>
    </section>
  );
}

function Faq() {
  const { i18n } = useLingui();
  const list = (items: readonly string[]) => formatList(i18n, items);
  const prices = modelPriceList(
    i18n,
    GENERATION_MODELS.map((model) => {
      const credits = Object.values(MODELS[model].credits);
      return { name: MODELS[model].name, price: creditRangeText(i18n, Math.min(...credits), Math.max(...credits)) };
    }),
  );
  const providers = list(providersForCountry(null).map((provider) => PROVIDER_NAMES[provider]));
  const freeCredits = i18n.number(FREE_SIGN_UP_CREDITS);
  const originMinutes = i18n.number(ORIGIN_LINK_MINUTES);
  const storedDays = i18n.number(STORED_RESULT_DAYS);
  const newTasks = i18n.number(NEW_TASKS_PER_WINDOW);
  const windowSeconds = i18n.number(RATE_WINDOW_SECONDS);
  const items: { question: ReactNode; answer: ReactNode }[] = [
    {
      question: <Trans>What is a credit?</Trans>,
      answer: (
        <Trans>
          The unit you pay in. Each image costs a fixed number of credits by model ({prices}); a task of several images costs that many times more.
          New accounts get {freeCredits} credits to try things out.
        </Trans>
      ),
    },
    {
      question: <Trans>Do failed tasks cost credits?</Trans>,
      answer: (
        <Trans>
          No. Credits are charged only when a task succeeds. A task that fails to start or to generate is refunded in full, and your history shows the
          refund.
        </Trans>
      ),
    },
    {
      question: <Trans>How long are results kept?</Trans>,
      answer: (
        <Trans>
          Not for long. A result's original image link works for about {originMinutes} minutes; the stored copy, its <code>resultImageUrl</code>, is
          deleted after {storedDays} days. Save the images you want to keep in your own storage. Your <Link href="/recent-history">history</Link>{' '}
          lists every task with its prompt, parameters and cost; its images go with the stored copies.
        </Trans>
      ),
    },
    {
      question: <Trans>How do API keys and rate limits work?</Trans>,
      answer: (
        <Trans>
          Every call carries an API key as a Bearer token. Create one key per app or environment, see usage per key, and reset a key at once if it
          leaks. Each account may start up to {newTasks} new generation tasks every {windowSeconds} seconds, which usually allows over 100 tasks
          running at once. A task over the limit is refused with code 429 and not queued: wait a few seconds and send it again.
        </Trans>
      ),
    },
    {
      question: <Trans>Which payment methods can I use?</Trans>,
      answer: <Trans>{providers}. The billing page lists the methods that suit your country first.</Trans>,
    },
    {
      question: <Trans>Can I get invoices?</Trans>,
      answer: (
        <Trans>
          Yes. On the billing page, choose your paid orders and apply for an invoice with your company name, tax ID and address. It is ready to
          download there once issued.
        </Trans>
      ),
    },
  ];
  return (
    <section className={`${styles.section} ${styles.deferred}`} aria-labelledby="faq-title">
      <div className={styles.faqLayout}>
        <div className={styles.sectionHead}>
          <h2 id="faq-title" className={styles.sectionTitle}>
            <Trans>Questions, answered</Trans>
          </h2>
          <p className={styles.sectionLead}>
            <Trans>
              Anything else? Ask in our <Link href="/join-discord">Discord community</Link>.
            </Trans>
          </p>
        </div>
        <div className={styles.faq}>
          {items.map((item, index) => (
            <details key={index} className={styles.faqItem}>
              <summary className={styles.question}>{item.question}</summary>
              <p className={styles.answer}>{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

export default function HomePage() {
  const { i18n } = useLingui();
  const modal = useGlobalActor('loginModal');
  const user = useGlobalSelector('user', userSelectors.user);
  const openSignUp = () => modal.send({ type: 'OPEN', view: 'signUp' });
  const models = GENERATION_MODELS.map((model) => MODELS[model].name).join(' · ');
  const freeCredits = i18n.number(FREE_SIGN_UP_CREDITS);
  const balance = balanceText(i18n, user?.credits);

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{models}</p>
          <h1 id="hero-title" className={styles.title}>
            <Trans>Image generation for your product, one API call away</Trans>
          </h1>
          <p className={styles.lead}>
            <Trans>
              Generate and edit images with Nano Banana, Nano Banana 2 and Nano Banana Pro through one simple task API. Pay per image with credits,
              watch usage per key, and try every model in the playground first.
            </Trans>
          </p>
          <div className={styles.actions} data-account-tools>
            {user ? (
              <>
                <Link href="/playground/flux" className={buttonClasses('primary', 'lg')}>
                  <Trans>Open the playground</Trans>
                </Link>
                <Link href="/dashboard" className={buttonClasses('secondary', 'lg')}>
                  <Trans>Go to dashboard</Trans>
                </Link>
              </>
            ) : (
              <>
                <Button variant="primary" size="lg" onClick={openSignUp}>
                  <Trans>Get your free API key</Trans>
                </Button>
                <Link href="/playground/flux" className={buttonClasses('secondary', 'lg')}>
                  <Trans>Try the playground</Trans>
                </Link>
              </>
            )}
          </div>
          <p className={styles.note} data-account-tools>
            {user ? (
              <Trans>
                Signed in as <strong>{user.email}</strong> · {balance} credits
              </Trans>
            ) : (
              <Trans>{freeCredits} free credits for new accounts. No card needed.</Trans>
            )}
          </p>
        </div>
        <HeroTask />
      </section>

      <Gallery />
      <Features />
      <HowItWorks apiKey={user?.apiKey ?? ''} />
      <Pricing />
      <Faq />

      <section className={styles.finalCta} aria-labelledby="cta-title">
        <h2 id="cta-title" className={styles.ctaTitle}>
          <Trans>Make your first image in minutes</Trans>
        </h2>
        <p className={styles.ctaText}>
          {user ? (
            <Trans>Your key is ready. Try a prompt in the playground, then copy the call into your code.</Trans>
          ) : (
            <Trans>Create an account, copy the sample call, and see the result. The free credits cover your first tests.</Trans>
          )}
        </p>
        <div className={styles.actions}>
          {user ? (
            <>
              <Link href="/playground/flux" className={buttonClasses('primary', 'lg')}>
                <Trans>Open the playground</Trans>
              </Link>
              <Link href="/get-started" className={buttonClasses('secondary', 'lg')}>
                <Trans>Read the quick start</Trans>
              </Link>
            </>
          ) : (
            <>
              <Button variant="primary" size="lg" onClick={openSignUp}>
                <Trans>Create your free account</Trans>
              </Button>
              <Link href="/get-started" className={buttonClasses('secondary', 'lg')}>
                <Trans>Read the quick start</Trans>
              </Link>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
