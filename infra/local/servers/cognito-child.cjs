// Runs cognito-local in its own process: it keeps its data relative to the working directory,
// which the parent sets to `.data/cognito`. Targets that cognito-local lacks are added here.
const { Targets } = require('cognito-local/lib/targets/targets');
const extra = require('./cognito-extra-targets.cjs');
Object.assign(Targets, extra);
require('cognito-local/lib/bin/start.js');
