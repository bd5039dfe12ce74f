import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { ZIdSchema } from '../http/common.js';
import { ZCountInputSchema, ZFlagInputSchema } from '../bucket-groups/bucket-groups.api.js';

/**
 * Shipping templates, rules, rule mappings and compositions (002 §2 "Shipping templates", §3, §4 Rule, §5,
 * §7 "Shipping templates", §8 rule activation). The spec's messages are quoted; the others are ours
 * (docs/decisions.md, "Bucket groups and shipping templates").
 */
export const SHIPPING_TEMPLATE_MESSAGES = {
  invalid: 'The given data was invalid.',
  enterPlatform: 'Enter a platform!',
  activationFailed: 'Unexpected error encountered while activating the rule.',
  missingGroupsTitle: 'Missing Composite Shipping Template Groups',
  missingGroups:
    'The rule maps groups of simple shipping templates that no composite shipping template combines. Add the compositions, then publish.',
  published: 'Published',
  publish: 'Publish Rule',
  confirmPublish: 'Publish this rule? Its template compositions become active.',
  confirmPublishWithoutCompositions:
    'Publish this rule? It does not use template compositions, so its templates are not checked for composite templates.',
  /** Under the Rules table: why Publish Rule checks some rules and not others (docs/decisions.md). */
  publishNote:
    "Publish Rule checks that every group of a rule's simple templates has a composite template only for a rule that uses template compositions; a rule that does not ships each template on its own, so nothing is checked.",
  publishedNeedsCompositions: (groups: string[][]) =>
    `The rule is published: it can use template compositions only once every group of its simple templates has a composite template. Missing: ${groups.map((g) => g.join(' + ')).join('; ')}.`,
  confirmDeleteRule: (code: string, maps: number) =>
    `Are you sure you want to delete? ${maps ? `Rule ${code} and its ${maps} rule map${maps === 1 ? '' : 's'} are deleted.` : `Rule ${code} is deleted.`}`,
  ruleDeleted: (code: string, maps: number) =>
    `Rule ${code} was deleted${maps ? `, with its ${maps} rule map${maps === 1 ? '' : 's'}` : ''}.`,
  confirmDelete: 'Are you sure you want to delete?',
  templateRequired: 'The shipping template name is required.',
  templateTaken: (name: string) => `Shipping template ${name} already exists.`,
  templateUnknown: (name: string) => `Shipping template ${name} does not exist.`,
  platformUnknown: (code: string) => `Platform ${code} does not exist.`,
  bufferInvalid: 'The switch buffer must be a whole number of 0 or more.',
  bucketGroupUnknown: (name: string) => `Bucket group ${name} does not exist.`,
  parentInUse: 'The template is in compositions: delete them before changing whether it is composite.',
  tooLong: (max: number) => `Must be at most ${max} characters.`,
  ruleCodeRequired: 'The rule code is required.',
  ruleCodeTaken: (code: string) => `Rule ${code} already exists.`,
  ruleUnknown: (code: string) => `Rule ${code} does not exist.`,
  ruleNotFound: (id: number) => `Rule ${id} does not exist.`,
  fallbackRequired: 'Choose the fallback shipping template.',
  groupRequired: 'Choose the group shipping template.',
  mappingTaken: (rule: string, template: string) => `Rule ${rule} already maps ${template}.`,
  mappingNotFound: (id: number) => `Rule mapping ${id} does not exist.`,
  compositeRequired: 'Choose the composite shipping template.',
  simpleRequired: 'Choose the simple shipping template.',
  compositeNotParent: (name: string) => `${name} is not a composite (parent) template.`,
  simpleIsParent: (name: string) => `${name} is a composite (parent) template, not a simple one.`,
  compositionTaken: (composite: string, simple: string) => `${composite} already contains ${simple}.`,
  compositionNotFound: (id: number) => `Composition ${id} does not exist.`,
} as const;

export const SHIPPING_NAME_MAX = 100;
export const SHIPPING_PLATFORM_ID_MAX = 100;

/** 002 §3 Shipping template; `bucket_group` is the group's name. */
export const ZShippingTemplateSchema = z
  .object({
    id: z.number().int(),
    shipping_template: z.string(),
    switch_buffer: z.number().int(),
    bucket_group: z.string().nullable(),
    is_parent_template: z.boolean(),
    platform_code: z.string().nullable(),
    platform_shipping_template_id: z.string().nullable(),
  })
  .meta({ id: 'ShippingTemplate' });
export type TShippingTemplate = z.infer<typeof ZShippingTemplateSchema>;

/** 002 §3 Rule; `is_published` and `published_at` are ours (§4: a rule starts not published). */
export const ZShippingRuleSchema = z
  .object({
    id: z.number().int(),
    rule_code: z.string(),
    fallback_shipping_template: z.string(),
    group_shipping_template: z.string(),
    uses_template_compositions: z.boolean(),
    is_published: z.boolean(),
    published_at: z.string().nullable(),
  })
  .meta({ id: 'ShippingRule' });
export type TShippingRule = z.infer<typeof ZShippingRuleSchema>;

export const ZShippingRuleMappingSchema = z
  .object({ id: z.number().int(), rule_id: z.number().int(), rule_code: z.string(), shipping_template: z.string() })
  .meta({ id: 'ShippingRuleMapping' });
export type TShippingRuleMapping = z.infer<typeof ZShippingRuleMappingSchema>;

export const ZShippingCompositionSchema = z
  .object({
    id: z.number().int(),
    composite_shipping_template: z.string(),
    simple_shipping_template: z.string(),
    num_of_templates_in_composition: z.number().int(),
  })
  .meta({ id: 'ShippingComposition' });
export type TShippingComposition = z.infer<typeof ZShippingCompositionSchema>;

const name = z.string().max(200).optional();
const optionalText = z.string().max(200).nullable().optional();

/** POST '' and PUT '' (002 §7): PUT names the template to change by shippingTemplate. Checked by the service (422 per key). */
export const ZShippingTemplateInputSchema = z
  .object({
    shippingTemplate: name,
    isParentTemplate: ZFlagInputSchema.optional(),
    switchBuffer: ZCountInputSchema.optional(),
    bucketGroup: z
      .union([z.string().max(200), z.number().int().min(0).max(2_147_483_647)])
      .nullable()
      .optional(),
    platformCode: optionalText,
    platformShippingTemplateId: optionalText,
  })
  .meta({ id: 'ShippingTemplateWrite' });
export type TShippingTemplateInput = z.input<typeof ZShippingTemplateInputSchema>;

/** POST /rule and PUT /rule (002 §7): PUT names the rule to change by ruleCode. usesTemplateCompositions is ours (§3). */
export const ZShippingRuleInputSchema = z
  .object({
    ruleCode: name,
    fallbackShippingTemplate: name,
    groupShippingTemplate: name,
    usesTemplateCompositions: ZFlagInputSchema.optional(),
  })
  .meta({ id: 'ShippingRuleWrite' });
export type TShippingRuleInput = z.input<typeof ZShippingRuleInputSchema>;

export const ZShippingRuleMappingInputSchema = z
  .object({ ruleCode: name, shippingTemplate: name })
  .meta({ id: 'ShippingRuleMappingWrite' });
export type TShippingRuleMappingInput = z.input<typeof ZShippingRuleMappingInputSchema>;

export const ZShippingCompositionInputSchema = z
  .object({ compositeShippingTemplate: name, simpleShippingTemplate: name })
  .meta({ id: 'ShippingCompositionWrite' });
export type TShippingCompositionInput = z.input<typeof ZShippingCompositionInputSchema>;

/** The refusal of POST /rule/activate-compositions/{ruleId} (002 §7, §8): `error`, and `groups` when compositions are missing. */
export const ZRuleActivationErrorSchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    groups: z.array(z.array(z.string())).optional(),
  })
  .meta({ id: 'RuleActivationError' });
export type TRuleActivationError = z.infer<typeof ZRuleActivationErrorSchema>;

export interface TemplateForGroups {
  shipping_template: string;
  is_parent_template: boolean;
  platform_code: string | null;
}

/**
 * The groups a rule's publish needs compositions for (docs/decisions.md): the rule's mapped *simple* templates
 * taken per platform; a platform with two or more of them is one group (an order on that platform can combine
 * them, and ships under one composite). A group is covered when some composite template's simple templates are
 * exactly that set. Returns the uncovered groups, each sorted by name, ordered by platform.
 */
export function missingCompositionGroups(
  mapped: readonly TemplateForGroups[],
  compositions: readonly { composite_shipping_template: string; simple_shipping_template: string }[],
): string[][] {
  const byPlatform = new Map<string, Set<string>>();
  for (const t of mapped) {
    if (t.is_parent_template) continue;
    const key = t.platform_code ?? '';
    if (!byPlatform.has(key)) byPlatform.set(key, new Set());
    byPlatform.get(key)!.add(t.shipping_template);
  }
  const composites = new Map<string, Set<string>>();
  for (const c of compositions) {
    if (!composites.has(c.composite_shipping_template)) composites.set(c.composite_shipping_template, new Set());
    composites.get(c.composite_shipping_template)!.add(c.simple_shipping_template);
  }
  const covered = new Set([...composites.values()].map((s) => [...s].sort().join('\u0000')));
  return [...byPlatform.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, set]) => [...set].sort())
    .filter((group) => group.length >= 2 && !covered.has(group.join('\u0000')));
}

const tag = 'shipping-templates';
const BASE = '/api/ims/shipping-templates';
const deleted = z.object({ message: z.string(), id: z.number().int() });

export const listShippingTemplatesRoute = defineRoute({
  method: 'GET',
  path: BASE,
  access: 'bucket-buffer:view',
  summary: 'Shipping templates by name',
  tag,
  response: z.array(ZShippingTemplateSchema),
});

export const createShippingTemplateRoute = defineRoute({
  method: 'POST',
  path: BASE,
  access: 'bucket-buffer:edit',
  summary:
    "Create a shipping template. A composite (isParentTemplate) one gets switch buffer 0 and no bucket group or platform; a simple one needs a platform ('Enter a platform!'); a platform that uses the default bucket group stores none. 422 per key",
  tag,
  body: ZShippingTemplateInputSchema,
  response: ZShippingTemplateSchema,
  status: 201,
});

export const updateShippingTemplateRoute = defineRoute({
  method: 'PUT',
  path: BASE,
  access: 'bucket-buffer:edit',
  summary:
    'Change the shipping template named by shippingTemplate, with the rules of the create; 422 per key (shippingTemplate when unknown)',
  tag,
  body: ZShippingTemplateInputSchema,
  response: ZShippingTemplateSchema,
});

export const listShippingRulesRoute = defineRoute({
  method: 'GET',
  path: `${BASE}/rule`,
  access: 'bucket-buffer:view',
  summary: 'Shipping rules by code, with whether each is published',
  tag,
  response: z.array(ZShippingRuleSchema),
});

export const createShippingRuleRoute = defineRoute({
  method: 'POST',
  path: `${BASE}/rule`,
  access: 'bucket-buffer:edit',
  summary: 'Create a rule (not published) with its fallback and group templates; 422 per key',
  tag,
  body: ZShippingRuleInputSchema,
  response: ZShippingRuleSchema,
  status: 201,
});

export const updateShippingRuleRoute = defineRoute({
  method: 'PUT',
  path: `${BASE}/rule`,
  access: 'bucket-buffer:edit',
  summary:
    'Change the fallback and group templates (and usesTemplateCompositions) of the rule named by ruleCode; 422 per key (usesTemplateCompositions when a published rule would use compositions with a group that has no composite)',
  tag,
  body: ZShippingRuleInputSchema,
  response: ZShippingRuleSchema,
});

export const deleteShippingRuleRoute = defineRoute({
  method: 'DELETE',
  path: `${BASE}/rule/{id}`,
  access: 'bucket-buffer:edit',
  summary:
    'Delete a rule (ours; 002 §7 names no rule delete) and its rule mappings, published or not; 404 when unknown',
  tag,
  params: z.object({ id: ZIdSchema }),
  response: deleted,
});

export const listShippingRuleMappingsRoute = defineRoute({
  method: 'GET',
  path: `${BASE}/rule/mapping`,
  access: 'bucket-buffer:view',
  summary: 'Rule mappings (a rule and a shipping template it maps), by rule and template',
  tag,
  response: z.array(ZShippingRuleMappingSchema),
});

export const createShippingRuleMappingRoute = defineRoute({
  method: 'POST',
  path: `${BASE}/rule/mapping`,
  access: 'bucket-buffer:edit',
  summary: 'Map a shipping template to a rule; 422 per key (missing, unknown, already mapped)',
  tag,
  body: ZShippingRuleMappingInputSchema,
  response: ZShippingRuleMappingSchema,
  status: 201,
});

export const deleteShippingRuleMappingRoute = defineRoute({
  method: 'DELETE',
  path: `${BASE}/rule/mapping/{id}`,
  access: 'bucket-buffer:edit',
  summary: 'Delete a rule mapping; 404 when unknown',
  tag,
  params: z.object({ id: ZIdSchema }),
  response: deleted,
});

export const listShippingCompositionsRoute = defineRoute({
  method: 'GET',
  path: `${BASE}/composition`,
  access: 'bucket-buffer:view',
  summary:
    'Compositions (a composite template and one of its simple templates), with the number of templates in the composite',
  tag,
  response: z.array(ZShippingCompositionSchema),
});

export const createShippingCompositionRoute = defineRoute({
  method: 'POST',
  path: `${BASE}/composition`,
  access: 'bucket-buffer:edit',
  summary:
    'Add a simple template to a composite one; the composite must be a parent template and the simple one not (422 per key)',
  tag,
  body: ZShippingCompositionInputSchema,
  response: ZShippingCompositionSchema,
  status: 201,
});

export const deleteShippingCompositionRoute = defineRoute({
  method: 'DELETE',
  path: `${BASE}/composition/{id}`,
  access: 'bucket-buffer:edit',
  summary: 'Delete a composition; 404 when unknown',
  tag,
  params: z.object({ id: ZIdSchema }),
  response: deleted,
});

export const activateRuleCompositionsRoute = defineRoute({
  method: 'POST',
  path: `${BASE}/rule/activate-compositions/{ruleId}`,
  access: 'bucket-buffer:edit',
  summary:
    'Publish a rule. When it uses template compositions and a group of its mapped simple templates (per platform, two or more) has no composite template of exactly those templates, 422 with error and groups; 404 when unknown',
  tag,
  params: z.object({ ruleId: ZIdSchema }),
  response: ZShippingRuleSchema,
  errorResponses: { 422: ZRuleActivationErrorSchema },
});
