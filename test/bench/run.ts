// `npm run bench`: prints the figures the issues name. Benchmarks are measurements, not tests.
import { benchCredentialEngine } from './credential-engine';

const only = process.argv.slice(2);
const want = (name: string) => only.length === 0 || only.includes(name);

if (want('engine')) await benchCredentialEngine();
