import type { InsightsOverviewResponse } from '@gleanwork/api-client/models/components';
import { glean } from '../glean.js';

export interface AdoptionTile {
  monthlyActiveUsers: number;
  weeklyActiveUsers: number;
  employeeCount: number;
  satisfaction?: number;
}

/** Adoption tile on the leadership dashboard. */
export async function adoptionTile(departments: string[] = []): Promise<AdoptionTile | null> {
  const res = await glean.client.insights.retrieve({ overviewRequest: { departments } });
  const overview = res.overviewResponse;
  if (!overview) {
    return null;
  }
  return {
    monthlyActiveUsers: overview.monthlyActiveUsers ?? 0,
    weeklyActiveUsers: overview.weeklyActiveUsers ?? 0,
    employeeCount: overview.employeeCount ?? 0,
    satisfaction: overview.searchSessionSatisfaction,
  };
}

/** Colour of the satisfaction badge. */
export function satisfactionBadge(overviewResponse: InsightsOverviewResponse): 'green' | 'amber' | 'red' | 'grey' {
  const { searchSessionSatisfaction } = overviewResponse;
  if (searchSessionSatisfaction === undefined) return 'grey';
  if (searchSessionSatisfaction >= 0.8) return 'green';
  return searchSessionSatisfaction >= 0.6 ? 'amber' : 'red';
}

/** Department breakdown, fine as is. */
export async function departmentList(): Promise<string[]> {
  const { overviewResponse } = await glean.client.insights.retrieve({ overviewRequest: {} });
  return overviewResponse?.departments ?? [];
}
