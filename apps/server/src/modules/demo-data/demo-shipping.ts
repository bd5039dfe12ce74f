import type { Services } from '../services.js';

/** The demo rules: one publishable, one missing a composition (its amazon pair). */
export const DEMO_PUBLISHABLE_RULE = 'RULE-WALMART';
export const DEMO_UNPUBLISHABLE_RULE = 'RULE-AMAZON';

/**
 * Bucket groups with their demo buckets, shipping templates (simple and composite), rules with mappings and a
 * composition, all through the services the screens use. RULE-WALMART's walmart pair is combined by WM-COMBO
 * (publishable); RULE-AMAZON's amazon pair has no composite (its publish lists the missing group).
 */
export async function loadDemoShipping(
  services: Services,
): Promise<{ bucketGroups: number; templates: number; rules: number }> {
  const groups = [
    {
      bucketGroup: 'WALMART EAST',
      groupInventoryBufferQty: 2,
      shouldCountUnsourcedCommittedInGroup: true,
      walmartFulfillmentCenterId: 'WFC-EAST-01',
      buckets: ['KY01', 'KY01_B_STOCK'],
    },
    {
      bucketGroup: 'WALMART WEST',
      groupInventoryBufferQty: 1,
      walmartFulfillmentCenterId: 'WFC-WEST-01',
      buckets: ['AZ02', 'TX01'],
    },
    {
      bucketGroup: 'ACENDA ALL',
      groupInventoryBufferQty: 0,
      acendaWarehouseId: 'ACW-1',
      amazonSupplySourceId: 'AMZ-SS-1',
      buckets: ['KY01', 'TX01', 'AZ02'],
    },
  ];
  for (const { buckets, ...group } of groups) {
    await services.bucketGroups.create(group);
    for (const bucket of buckets) await services.bucketGroups.createMapping({ bucketGroup: group.bucketGroup, bucket });
  }
  const st = services.shippingTemplates;
  const templates = [
    {
      shippingTemplate: 'WM-STANDARD',
      platformCode: 'walmart',
      switchBuffer: 2,
      bucketGroup: 'WALMART EAST',
      platformShippingTemplateId: 'WM-TPL-100',
    },
    {
      shippingTemplate: 'WM-TWO-DAY',
      platformCode: 'walmart',
      switchBuffer: 1,
      bucketGroup: 'WALMART EAST',
      platformShippingTemplateId: 'WM-TPL-200',
    },
    {
      shippingTemplate: 'WALTS-LOCAL',
      platformCode: 'walts',
      switchBuffer: 0,
      bucketGroup: 'WALMART WEST',
      platformShippingTemplateId: 'WALTS-1',
    },
    {
      shippingTemplate: 'AMZ-STANDARD',
      platformCode: 'amazon',
      switchBuffer: 3,
      platformShippingTemplateId: 'AMZ-TPL-1',
    },
    { shippingTemplate: 'AMZ-PRIME', platformCode: 'amazon', switchBuffer: 1, platformShippingTemplateId: 'AMZ-TPL-2' },
    { shippingTemplate: 'WM-COMBO', isParentTemplate: true },
  ];
  for (const t of templates) await st.createTemplate(t);
  await st.createComposition({ compositeShippingTemplate: 'WM-COMBO', simpleShippingTemplate: 'WM-STANDARD' });
  await st.createComposition({ compositeShippingTemplate: 'WM-COMBO', simpleShippingTemplate: 'WM-TWO-DAY' });
  await st.createRule({
    ruleCode: DEMO_PUBLISHABLE_RULE,
    fallbackShippingTemplate: 'WM-STANDARD',
    groupShippingTemplate: 'WM-COMBO',
    usesTemplateCompositions: true,
  });
  for (const t of ['WM-STANDARD', 'WM-TWO-DAY', 'WALTS-LOCAL'])
    await st.createRuleMapping({ ruleCode: DEMO_PUBLISHABLE_RULE, shippingTemplate: t });
  await st.createRule({
    ruleCode: DEMO_UNPUBLISHABLE_RULE,
    fallbackShippingTemplate: 'AMZ-STANDARD',
    groupShippingTemplate: 'AMZ-STANDARD',
    usesTemplateCompositions: true,
  });
  for (const t of ['AMZ-STANDARD', 'AMZ-PRIME'])
    await st.createRuleMapping({ ruleCode: DEMO_UNPUBLISHABLE_RULE, shippingTemplate: t });
  return { bucketGroups: groups.length, templates: templates.length, rules: 2 };
}
