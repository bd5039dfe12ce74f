import type { TestApp } from '../harness.js';
import { createSampleBucketGroup } from './bucket-groups.js';
import type { DomainSampleBuilder, RouteSample } from './types.js';

let counter = 0;
const nextName = (prefix: string) => `${prefix}${Date.now() % 1_000_000}-${++counter}`;

/** A simple template on walmart (optionally in a bucket group) and a composite one. */
async function templates(t: TestApp, bucketGroup?: string) {
  const simple = await t.services.shippingTemplates.createTemplate({ shippingTemplate: nextName('S-SIMPLE-'), platformCode: 'walmart', switchBuffer: 1, bucketGroup, platformShippingTemplateId: 'WM-1' });
  const composite = await t.services.shippingTemplates.createTemplate({ shippingTemplate: nextName('S-COMPOSITE-'), isParentTemplate: true });
  return { simple, composite };
}

/** Shipping templates, rules, mappings and compositions (issue 13). */
export const buildShippingTemplatesSamples: DomainSampleBuilder = async (t) => {
  const group = await createSampleBucketGroup(t, 'SAMPLE-TPL-GROUP-');
  const { simple, composite } = await templates(t, group.bucket_group);
  const rule = await t.services.shippingTemplates.createRule({ ruleCode: nextName('S-RULE-'), fallbackShippingTemplate: simple.shipping_template, groupShippingTemplate: composite.shipping_template });
  const mapping = await t.services.shippingTemplates.createRuleMapping({ ruleCode: rule.rule_code, shippingTemplate: simple.shipping_template });
  const composition = await t.services.shippingTemplates.createComposition({ compositeShippingTemplate: composite.shipping_template, simpleShippingTemplate: simple.shipping_template });
  const freshRule = async () => {
    const made = await templates(t);
    const r = await t.services.shippingTemplates.createRule({ ruleCode: nextName('S-RULE-'), fallbackShippingTemplate: made.simple.shipping_template, groupShippingTemplate: made.simple.shipping_template });
    return { ...made, rule: r };
  };
  return {
    'GET /api/ims/shipping-templates': {},
    'POST /api/ims/shipping-templates': {
      body: { shippingTemplate: 'SAMPLE-NEW-TEMPLATE', isParentTemplate: false, switchBuffer: 2, bucketGroup: group.bucket_group, platformCode: 'walmart', platformShippingTemplateId: 'WM-NEW' },
      fresh: async () => ({ body: { shippingTemplate: nextName('S-NEW-'), isParentTemplate: false, switchBuffer: '0', platformCode: 'amazon', platformShippingTemplateId: 'AMZ-NEW' } }),
    },
    'PUT /api/ims/shipping-templates': {
      body: { shippingTemplate: simple.shipping_template, isParentTemplate: false, switchBuffer: 3, bucketGroup: group.bucket_group, platformCode: 'walmart', platformShippingTemplateId: 'WM-2' },
    },
    'GET /api/ims/shipping-templates/rule': {},
    'POST /api/ims/shipping-templates/rule': {
      body: { ruleCode: 'SAMPLE-NEW-RULE', fallbackShippingTemplate: simple.shipping_template, groupShippingTemplate: composite.shipping_template, usesTemplateCompositions: true },
      fresh: async () => ({ body: { ruleCode: nextName('S-NEW-RULE-'), fallbackShippingTemplate: simple.shipping_template, groupShippingTemplate: composite.shipping_template } }),
    },
    'PUT /api/ims/shipping-templates/rule': {
      body: { ruleCode: rule.rule_code, fallbackShippingTemplate: simple.shipping_template, groupShippingTemplate: composite.shipping_template, usesTemplateCompositions: false },
    },
    'DELETE /api/ims/shipping-templates/rule/{id}': {
      params: { id: (await freshRule()).rule.id },
      fresh: async () => ({ params: { id: (await freshRule()).rule.id } }),
    },
    'GET /api/ims/shipping-templates/rule/mapping': {},
    'POST /api/ims/shipping-templates/rule/mapping': {
      body: { ruleCode: rule.rule_code, shippingTemplate: composite.shipping_template },
      fresh: async () => {
        const made = await freshRule();
        return { body: { ruleCode: made.rule.rule_code, shippingTemplate: made.simple.shipping_template } };
      },
    },
    'DELETE /api/ims/shipping-templates/rule/mapping/{id}': {
      params: { id: mapping.id },
      fresh: async (): Promise<RouteSample> => {
        const made = await freshRule();
        const m = await t.services.shippingTemplates.createRuleMapping({ ruleCode: made.rule.rule_code, shippingTemplate: made.simple.shipping_template });
        return { params: { id: m.id } };
      },
    },
    'GET /api/ims/shipping-templates/composition': {},
    'POST /api/ims/shipping-templates/composition': {
      body: { compositeShippingTemplate: composite.shipping_template, simpleShippingTemplate: 'SAMPLE-NEW-TEMPLATE' },
      fresh: async () => {
        const made = await templates(t);
        return { body: { compositeShippingTemplate: made.composite.shipping_template, simpleShippingTemplate: made.simple.shipping_template } };
      },
    },
    'DELETE /api/ims/shipping-templates/composition/{id}': {
      params: { id: composition.id },
      fresh: async (): Promise<RouteSample> => {
        const made = await templates(t);
        const c = await t.services.shippingTemplates.createComposition({ compositeShippingTemplate: made.composite.shipping_template, simpleShippingTemplate: made.simple.shipping_template });
        return { params: { id: c.id } };
      },
    },
    'POST /api/ims/shipping-templates/rule/activate-compositions/{ruleId}': {
      params: { ruleId: rule.id },
      fresh: async () => ({ params: { ruleId: (await freshRule()).rule.id } }),
    },
  };
};
