import { appQueryClient } from '../queryClient';
import { startRoute } from './startRoute';

// The entry's first import (main.tsx): the first screen's code and data start loading now, before
// React, antd and the app are evaluated (half a second of the entry's time), not after.
export const firstScreenCode = startRoute(window.location.pathname, window.location.search, appQueryClient);
