// Security team's policy tooling. Kept in JS so the team can edit the
// templates without a build step.
import { clientApi } from '../http/clientApi.js';

const INTERNAL_STATUS_PAGE = 'https://status.acme.com';

/**
 * Scan the given datasources for secrets and block external sharing of
 * anything that matches.
 * @param {string} policyId
 * @param {string[]} datasources
 * @param {string[]} terms
 */
export async function tightenPolicy(policyId, datasources, terms) {
  const body = {
    config: {
      inputOptions: {
        datasources,
        urlGreenlist: [INTERNAL_STATUS_PAGE],
        timePeriodType: 'ALL_TIME',
      },
      externalSharingOptions: {
        enabled: true,
        threshold: 5,
        thresholdEnabled: true,
        anyoneWithLinkEnabled: true,
      },
      sensitiveInfoTypes: [{ infoType: 'US_SOCIAL_SECURITY_NUMBER', likelihoodThreshold: 'LIKELY' }],
      sensitiveContentOptions: {
        sensitiveTerms: terms.map((t) => ({ expression: t })),
        sensitiveRegexes: [{ expression: '\\bACME-[0-9]{6}\\b' }],
      },
    },
  };
  const { data } = await clientApi.post(`/governance/data/policies/${policyId}`, body);
  return data.result;
}

/**
 * Allows sharing with partner domains: keeps the current sharing settings and
 * turns off the domain check.
 * @param {string} policyId
 */
export async function allowPartnerDomains(policyId) {
  const { data } = await clientApi.get(`/governance/data/policies/${policyId}`);
  const report = data.report;
  const update = {
    reportName: report.name,
    config: {
      ...report.config,
      externalSharingOptions: {
        ...report.config.externalSharingOptions,
        domainAccessEnabled: false,
      },
    },
  };
  return clientApi.post(`/governance/data/policies/${policyId}`, update);
}

/**
 * Text export for the weekly security review e-mail.
 * @param {string} policyId
 */
export async function describePolicy(policyId) {
  const res = await clientApi.get(`/governance/data/policies/${policyId}`);
  const report = res.data.report;
  const lines = [
    `Policy ${report.name}`,
    `Datasources: ${report.config.inputOptions.datasources.join(', ')}`,
    `External sharing: ${report.config.externalSharingOptions.enabled ? 'on' : 'off'}`,
  ];
  for (const t of report.config.sensitiveInfoTypes ?? []) {
    lines.push(`- ${t.infoType}`);
  }
  return lines.join('\n');
}
