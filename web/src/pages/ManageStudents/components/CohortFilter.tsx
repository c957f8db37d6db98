import { Flex, Select, Typography } from 'antd';
import type { CohortsData } from '@proofmark/shared/contract/cohorts';
import { cohortParts } from '@proofmark/shared/recipients/rules';
import { chooseLevel, dropdownOptions, visibleLevels } from './cohort-dropdowns';

interface CohortFilterProps {
  cohorts: CohortsData | undefined;
  loading: boolean;
  /** The chosen cohort, or a dash-joined prefix of parts in search mode 1; '' for all cohorts. */
  value: string;
  onChange: (cohort: string) => void;
  /** The selector's accessible name (default "Filter by cohort"). */
  label?: string;
  /** What the empty choice says (default "All cohorts"). */
  allLabel?: string;
}

/**
 * The cohort selector (§2.1): one list of cohorts, or in cohort search mode 1 a chain of dropdowns,
 * one per part of the dash-joined cohort keys, each offering only what fits the parts before it.
 */
export function CohortFilter({
  cohorts,
  loading,
  value,
  onChange,
  label = 'Filter by cohort',
  allLabel = 'All cohorts',
}: CohortFilterProps) {
  const none = !loading && (cohorts?.Data.length ?? 0) === 0;

  if (cohorts?.cohortsearchmode === 1) {
    const chosen = value === '' ? [] : cohortParts(value);
    const levels = visibleLevels(cohorts.cohortdropwdownarray, chosen);
    return (
      <Flex gap={8} wrap role="group" aria-label={label}>
        {Array.from({ length: levels }, (_, level) => (
          <Select
            key={level}
            aria-label={`Cohort part ${level + 1}`}
            style={{ minWidth: 130 }}
            allowClear
            placeholder={level === 0 ? allLabel : 'Any'}
            value={chosen[level]}
            options={dropdownOptions(cohorts.cohortdropwdownarray, chosen, level).map((o) => ({
              label: o.label,
              value: o.value,
            }))}
            onChange={(part: string | undefined) => onChange(chooseLevel(chosen, level, part).join('-'))}
          />
        ))}
      </Flex>
    );
  }

  // No cohort to choose: said as text (a disabled select's placeholder is too faint for axe's contrast rule).
  if (none)
    return (
      <Typography.Text id="ms-cohort-filter" type="secondary">
        There are no added cohorts
      </Typography.Text>
    );

  return (
    <Select
      id="ms-cohort-filter"
      aria-label={label}
      style={{ minWidth: 220 }}
      loading={loading}
      disabled={none}
      showSearch={{ optionFilterProp: 'label' }}
      value={none ? undefined : value}
      placeholder={none ? 'There are no added cohorts' : allLabel}
      options={[
        { label: allLabel, value: '' },
        ...(cohorts?.Data ?? []).map((c) => ({ label: `${c.label} (${c.count})`, value: c.value })),
      ]}
      onChange={(cohort: string) => onChange(cohort)}
    />
  );
}
