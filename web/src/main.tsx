// First: the first screen's code and data start loading before the rest of the entry is evaluated.
import './routing/firstScreen';
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

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
