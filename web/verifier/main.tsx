import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import VerifierPage, { currentLocation } from '../src/pages/Verifier';
import { applyBrandCssVariables } from '../src/brand';
import './verifier.css';

/**
 * The public verifier as its own small static app: the SPA's verifier page without the SPA (no
 * router, no session, no UI library), served at /verify by the local gateway and by CloudFront
 * from its own bucket.
 */
applyBrandCssVariables();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <VerifierPage location={currentLocation()} />
  </StrictMode>,
);
