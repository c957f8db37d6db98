import { Flex, Select } from 'antd';
import type { CohortsData } from '@proofmark/shared/contract/cohorts';
import { workspaceStatusFilters } from '@proofmark/shared/contract/workspace';
import type { WorkspaceStatusFilter } from '../../../api/workspace';
import { SearchBox } from '../../../components/SearchBox';
import { CohortFilter } from '../../ManageStudents/components/CohortFilter';

interface WorkspaceFiltersProps {
  cohorts: CohortsData | undefined;
  cohortsLoading: boolean;
  cohort: string;
  onCohort: (cohort: string) => void;
  /** Omitted on the approval screen, which has no status filter (§2.6). */
  status?: WorkspaceStatusFilter;
  onStatus?: (status: WorkspaceStatusFilter) => void;
  search: string;
  onSearch: (search: string) => void;
}

/**
 * The list filters (§2.5, §2.6): the batch picker (chained dropdowns in cohort search mode 1), the
 * certificate-status select and the search box (Enter or the search icon; clearing it shows all).
 */
export function WorkspaceFilters(props: WorkspaceFiltersProps) {
  const { cohorts, cohortsLoading, cohort, onCohort, status, onStatus, search, onSearch } = props;
  return (
    <Flex gap={12} wrap align="center">
      <CohortFilter cohorts={cohorts} loading={cohortsLoading} value={cohort} onChange={onCohort} />
      {status !== undefined && onStatus !== undefined && (
        <Select
          aria-label="Certificate status"
          style={{ width: 190 }}
          value={status}
          options={workspaceStatusFilters.map((f) => ({ label: f === 'all' ? 'All statuses' : f, value: f }))}
          onChange={(value: WorkspaceStatusFilter) => onStatus(value)}
        />
      )}
      <SearchBox label="Search" search={search} onSearch={onSearch} />
    </Flex>
  );
}
