// `npm run bench [engine|verifiers]`: prints the figures the issues name. Measurements, not tests.
import { benchCredentialEngine } from './credential-engine';
import { benchVerifiers } from './verifiers';
import { benchRender } from './render';

const only = process.argv.slice(2);
const want = (name: string) => only.length === 0 || only.includes(name);

if (want('engine')) await benchCredentialEngine();
if (want('verifiers')) await benchVerifiers();
if (want('render')) await benchRender();
