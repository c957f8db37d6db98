// First: the first screen's code and data start loading before the rest of the entry is evaluated.
import { firstScreenCode } from './routing/firstScreen';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import './styles.css';
import App from './App';
import { applyBrandCssVariables } from './brand';
import { keepScrollRegionsFocusable } from './a11y/scrollRegions';

applyBrandCssVariables();
keepScrollRegionsFocusable(document);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A signed-in screen is rendered once its code and antd's stylesheet are in (startRoute.ts), or
// after a second at most. Rendered earlier, it shows a spinner for the code it lacks (its frame
// waits for the signed-in header, so there is nothing else to see), and React then holds the screen
// back until 300 ms after that spinner appeared, with the code already there (preloadable.ts).
const firstScreenWait = 1000;
void Promise.race([firstScreenCode, new Promise((resolve) => setTimeout(resolve, firstScreenWait))]).then(
  () =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
);
