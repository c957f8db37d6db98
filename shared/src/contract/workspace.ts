import {
  bakeRequest,
  directZipData,
  directZipRequest,
  downloadRequest,
  generateRequest,
  issueRequest,
  previewData,
  previewRequest,
  revokeSelectionRequest,
  runList,
  runsQuery,
  runView,
  selection,
  statusChangeData,
  updatedData,
  validateRequest,
  validatedData,
  workspaceData,
  workspaceQuery,
} from '../api/workspace';
import { anyMember, defineRoutes, reader, writer } from './define';

/**
 * /api/workspace: the issuance workspace (ManageCertificate). Long work runs as a job and answers
 * a run to follow (GET /api/workspace/runs/{id}) with 202.
 */
export const workspaceRoutes = defineRoutes({
  'GET /api/workspace': { access: anyMember, query: workspaceQuery, data: workspaceData },
  'GET /api/workspace/runs': { access: anyMember, query: runsQuery, data: runList },
  'GET /api/workspace/runs/{id}': { access: anyMember, data: runView },
  'POST /api/workspace/generate': {
    access: writer('generatecertificate'),
    body: generateRequest,
    data: runView,
  },
  'POST /api/workspace/preview': {
    access: reader('previewcertificate'),
    body: previewRequest,
    data: previewData,
  },
  'POST /api/workspace/validate': { access: writer('validate'), body: validateRequest, data: validatedData },
  'POST /api/workspace/review': { access: writer('managecertificate'), body: selection, data: updatedData },
  'POST /api/workspace/reset': { access: writer('managecertificate'), body: selection, data: updatedData },
  // Issue now or at `scheduleAt`; the same requestId twice is one issuance.
  'POST /api/workspace/issue': { access: writer('issuecertificate'), body: issueRequest, data: runView },
  'POST /api/workspace/bake': { access: writer('issuecertificate'), body: bakeRequest, data: runView },
  'POST /api/workspace/revoke': {
    access: writer('issuecertificate'),
    body: revokeSelectionRequest,
    data: statusChangeData,
  },
  'POST /api/workspace/hold': {
    access: writer('managecertificate'),
    body: selection,
    data: statusChangeData,
  },
  'POST /api/workspace/unhold': {
    access: writer('managecertificate'),
    body: selection,
    data: statusChangeData,
  },
  'POST /api/workspace/send': { access: writer('sendcertificate'), body: selection, data: runView },
  'POST /api/workspace/download': { access: anyMember, body: downloadRequest, data: runView },
  'POST /api/workspace/download-zip': { access: anyMember, body: directZipRequest, data: directZipData },
});
