import type { ReportDefinition } from '../src/modules/reports/report-definition.js';
import { parseReportParameters } from '../src/modules/reports/report-parameters.js';
import type { TestApp } from './harness.js';

/** Runs one generic report definition on the test database with these parameters (the rest defaulted), as the route does. */
export async function runReport(t: TestApp, definition: ReportDefinition, query: Record<string, string> = {}) {
  return t.services.reports.runDefinition(definition, parseReportParameters(definition, query));
}
