// `npm run bench [engine|verifiers|render|workspace|designs|bundles|dashboard|recipients|load|spa]`: prints the figures the issues name. Measurements, not tests.
import { benchCredentialEngine } from './credential-engine';
import { benchVerifiers } from './verifiers';
import { benchRender } from './render';
import { benchWorkspace } from './workspace';
import { benchBundles } from './bundles';
import { benchDashboard } from './dashboard';
import { benchDesigns } from './designs';
import { benchLoad } from './load';
import { benchRecipients } from './recipients';
import { benchSpa } from './spa';

const only = process.argv.slice(2);
const want = (name: string) => only.length === 0 || only.includes(name);

if (want('engine')) await benchCredentialEngine();
if (want('verifiers')) await benchVerifiers();
if (want('render')) await benchRender();
if (want('workspace')) await benchWorkspace();
if (want('designs')) await benchDesigns();
if (want('bundles')) await benchBundles();
if (want('dashboard')) await benchDashboard();
if (want('recipients')) await benchRecipients();
if (want('load')) await benchLoad();
if (want('spa')) await benchSpa();
