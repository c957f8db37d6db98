import { App } from 'aws-cdk-lib';
import { ProofmarkStack } from './stack';

const app = new App();

// No lookups: the stack needs no account to synthesize, so `cdk synth` works offline. The CLI fills
// CDK_DEFAULT_* from the caller's credentials when there are any.
new ProofmarkStack(app, 'ProofmarkStack', {
  env: {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION ?? 'eu-west-1',
  },
  description: 'Proofmark: blockchain-anchored certificates',
});

app.synth();
