import type { DlpReport } from '@gleanwork/api-client/models/components';
import { glean } from '../glean.js';

export interface PolicySummary {
  id: string;
  name: string;
  infoTypes: string[];
  nestedInfoTypes: number;
  scannedDatasources: string[];
  scannedInstances: string[];
  allowlistedUrls: string[];
  externalSharing: { on: boolean; anyoneWithLink: boolean; domainAccess: boolean };
  broadSharingOn: boolean;
  broadSharingThreshold?: number;
  terms: string[];
  regexCount: number;
  customRules: number;
}

/** Reads one DLP policy for the security dashboard. */
export async function loadPolicy(id: string): Promise<PolicySummary> {
  const { report } = await glean.client.governance.data.policies.retrieve(id);
  if (!report?.config) {
    throw new Error(`policy ${id} has no config`);
  }
  return summarizePolicy(id, report);
}

export function summarizePolicy(id: string, report: DlpReport): PolicySummary {
  const config = report.config ?? {};
  const infoTypes = (report.config?.sensitiveInfoTypes ?? []).map(
    (t) => `${t.infoType} (${t.likelihoodThreshold ?? 'default'})`,
  );
  const sharing = report.config?.externalSharingOptions;
  const content = config.sensitiveContentOptions;
  return {
    id,
    name: report.name ?? config.reportName ?? id,
    infoTypes,
    nestedInfoTypes: content?.sensitiveInfoTypes?.length ?? 0,
    scannedDatasources: report.config?.inputOptions?.datasources ?? [],
    scannedInstances: config.inputOptions?.datasourceInstances ?? [],
    allowlistedUrls: config.inputOptions?.urlGreenlist ?? [],
    externalSharing: {
      on: sharing?.enabled ?? false,
      anyoneWithLink: sharing?.anyoneWithLinkEnabled ?? false,
      domainAccess: sharing?.domainAccessEnabled ?? false,
    },
    broadSharingOn: config.broadSharingOptions?.enabled ?? false,
    broadSharingThreshold: config.broadSharingOptions?.threshold,
    terms: content?.sensitiveTerms?.map((t) => t.expression ?? '') ?? [],
    regexCount: content?.sensitiveRegexes?.length ?? 0,
    customRules: (content?.customSensitiveExpressions ?? []).filter(
      (e) => e.keyword?.likelihoodThreshold === 'LIKELY' || e.keyword?.likelihoodThreshold === 'VERY_LIKELY',
    ).length,
  };
}

/** Already migrated: restrict a policy to datasource instances. */
export async function restrictToInstances(id: string, instances: string[]) {
  return glean.client.governance.data.policies.update(
    { config: { inputOptions: { datasourceInstances: instances } } },
    id,
  );
}

/** Findings export for the auditors; `datasources` here is the live issue filter. */
export async function exportFindings(reportId: string, datasources: string[]) {
  return glean.client.governance.data.findings.create({
    fileName: `dlp-findings-${reportId}.csv`,
    issueFilter: { reportIds: [reportId], datasources },
  });
}
