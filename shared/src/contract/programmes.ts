import {
  programmeImportData,
  programmeImportRequest,
  programmeListData,
  programmeListQuery,
} from '../api/recipients';
import { anyMember, defineRoutes, writer } from './define';

/** /api/programmes: programme import (recipients from the programme source). */
export const programmesRoutes = defineRoutes({
  'GET /api/programmes': { access: anyMember, query: programmeListQuery, data: programmeListData },
  'POST /api/programmes/import': {
    access: writer('uploadmember'),
    body: programmeImportRequest,
    data: programmeImportData,
  },
});
