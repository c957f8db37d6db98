import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type DragEvent,
  type FormEvent,
} from 'react';
import type { VerificationMethod } from '@proofmark/shared/contract/public';
import { productName } from '../../brand';
import { BrandLogo } from '../../components/BrandLogo';
import { Icon } from './icons';
import { InputTabs } from './InputTabs';
import { Outcome, type Check } from './Outcome';
import {
  isCredentialUuid,
  isVerifierSlug,
  issuerFacts,
  loadById,
  loadByUrl,
  loadFile,
  loadText,
  LoadError,
  organisationProfile,
  recordVerification,
  verify,
  type IssuerFacts,
} from './verifier';
import styles from './Verifier.module.css';

// An organisation's page also takes paid verification requests: antd and the payment form, loaded
// after the page has painted (outside the verifier's first-paint budget).
const VerificationRequests = lazy(() => import('./VerificationRequestSection'));

const ACCEPTED_FILES = '.json,.jsonld,application/json,application/ld+json,.png,image/png,.svg,image/svg+xml';

/** Where the page was opened: /verify/<slug>?id=<uuid> or ?url=<certificate address>. */
export interface VerifierLocation {
  /** The path segment after /verify/, as typed (checked here). */
  slug?: string;
  search: URLSearchParams;
}

/** Reads the page's own address (the verifier app has no router: it is one page). */
export const currentLocation = (): VerifierLocation => ({
  slug: decodeURIComponent(window.location.pathname.split('/')[2] ?? '') || undefined,
  search: new URLSearchParams(window.location.search),
});

/**
 * The public verifier (no login), its own static app (web/verifier): /verify/<slug> is an
 * organisation's page, /verify the generic one, and an unknown organisation's page is the generic
 * one (it never says which organisations exist). A certificate comes by file, by link, pasted, by
 * ?id=<uuid> in the page's own link (QR codes, emails) or by ?url=<address> from any issuer; the
 * shared verification runs here in the browser and every step is shown.
 */
export default function VerifierPage({ location }: { location: VerifierLocation }) {
  const slug = isVerifierSlug(location.slug) ? location.slug : undefined;
  const id = location.search.get('id');
  const linked = location.search.get('url');
  const [organisation, setOrganisation] = useState<IssuerFacts>();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [tab, setTab] = useState(linked ? 'url' : 'file');
  const [url, setUrl] = useState(linked ?? '');
  const [pasted, setPasted] = useState('');
  const [dragging, setDragging] = useState(false);
  // A newer check supersedes an older one still running; only the newest may show its result.
  const run = useRef(0);

  useEffect(() => {
    document.title = organisation?.name
      ? `Verify a certificate of ${organisation.name} · ${productName}`
      : `Verify a certificate · ${productName}`;
  }, [organisation]);

  useEffect(() => {
    setOrganisation(undefined);
    if (slug) void organisationProfile(slug).then(setOrganisation);
  }, [slug]);

  const start = useCallback(
    async (what: string, method: VerificationMethod, load: () => Promise<unknown>) => {
      const mine = ++run.current;
      setCheck({ state: 'working', what });
      let credential: unknown;
      try {
        credential = await load();
      } catch (e) {
        if (mine !== run.current) return;
        const message =
          e instanceof LoadError ? e.message : 'The certificate could not be read. Please try again.';
        setCheck({ state: 'load-error', message });
        return;
      }
      if (mine !== run.current) return;
      setCheck({ state: 'working', what: 'Verifying the certificate…' });
      const result = await verify(credential);
      const issuer = result.issuer ? await issuerFacts(result.issuer) : undefined;
      if (mine !== run.current) return;
      setCheck({ state: 'done', result, credential, ...(issuer ? { issuer } : {}) });
      recordVerification(result, credential, method, slug);
    },
    [slug],
  );

  useEffect(() => {
    if (id) {
      if (!slug || !isCredentialUuid(id)) {
        setCheck({ state: 'load-error', message: 'This verification link is not valid.' });
        return;
      }
      void start('Fetching the certificate…', 'id', () => loadById(slug, id));
    } else if (linked) {
      void start('Fetching the certificate…', 'url', () => loadByUrl(linked));
    }
  }, [id, linked, slug, start]);

  const checkFile = (file: File | undefined) => {
    // Read here in the browser: nothing is uploaded anywhere.
    if (file) void start(`Reading ${file.name}…`, 'upload', () => loadFile(file));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    checkFile(e.dataTransfer.files[0]);
  };
  const checkUrl = (e: FormEvent) => {
    e.preventDefault();
    if (url.trim()) void start('Fetching the certificate…', 'url', () => loadByUrl(url));
  };
  // A pasted certificate is the visitor's own copy, as a file would be: recorded as an upload.
  const checkPasted = (e: FormEvent) => {
    e.preventDefault();
    if (pasted.trim()) void start('Reading the certificate…', 'upload', () => loadText(pasted));
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <a href="/" aria-label={`${productName} home`} className={styles.home}>
          <BrandLogo />
        </a>
        <span className={styles.muted}>Certificate verifier</span>
      </header>
      <main className={styles.main}>
        <div className={styles.heading}>
          {organisation?.image ? (
            <img src={organisation.image} alt="" width={56} height={56} className={styles.logo} />
          ) : (
            <span className={styles.badge}>
              <Icon name="shield" size={30} />
            </span>
          )}
          <div>
            <h1>Verify a certificate</h1>
            <p className={styles.muted}>
              {organisation?.name
                ? `Certificates issued by ${organisation.name}`
                : 'Check that a blockchain certificate is authentic and still valid.'}
            </p>
          </div>
        </div>

        <div className={styles.card}>
          <InputTabs
            active={tab}
            onChange={setTab}
            items={[
              {
                key: 'file',
                label: 'Upload a file',
                panel: (
                  <label
                    className={`${styles.drop} ${dragging ? styles.dragging : ''}`}
                    onDragOver={(e) => {
                      e.preventDefault();
                      setDragging(true);
                    }}
                    onDragLeave={() => setDragging(false)}
                    onDrop={onDrop}
                  >
                    <input
                      type="file"
                      accept={ACCEPTED_FILES}
                      className={styles.visuallyHidden}
                      onChange={(e) => {
                        checkFile(e.target.files?.[0]);
                        // The same file chosen again is checked again.
                        e.target.value = '';
                      }}
                    />
                    <Icon name="upload" size={40} />
                    <span className={styles.dropText}>Drop a certificate here, or click to choose one</span>
                    <span className={styles.muted}>
                      A certificate file (JSON) or an Open Badge image (PNG or SVG). The file stays on your
                      computer.
                    </span>
                  </label>
                ),
              },
              {
                key: 'url',
                label: 'From a link',
                panel: (
                  <form className={styles.row} onSubmit={checkUrl}>
                    <input
                      type="text"
                      inputMode="url"
                      aria-label="Certificate link"
                      placeholder="https://… (the certificate's address or its verification link)"
                      value={url}
                      onChange={(e) => setUrl(e.target.value)}
                      className={styles.input}
                    />
                    <button type="submit" className={styles.primary} disabled={!url.trim()}>
                      Verify
                    </button>
                  </form>
                ),
              },
              {
                key: 'paste',
                label: 'Paste the certificate',
                panel: (
                  <form className={styles.column} onSubmit={checkPasted}>
                    <textarea
                      aria-label="Certificate JSON"
                      placeholder='{"@context": …} (the whole certificate file)'
                      value={pasted}
                      onChange={(e) => setPasted(e.target.value)}
                      rows={8}
                      spellCheck={false}
                      className={styles.input}
                    />
                    <button type="submit" className={styles.primary} disabled={!pasted.trim()}>
                      Verify
                    </button>
                  </form>
                ),
              },
            ]}
          />
        </div>

        <Outcome check={check} />

        {slug ? (
          <Suspense fallback={null}>
            <VerificationRequests slug={slug} search={location.search} />
          </Suspense>
        ) : null}
      </main>
    </div>
  );
}
