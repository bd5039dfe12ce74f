import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bucketGroups } from './bucket-groups.js';

/**
 * Shipping templates (002 §3): a simple template names a platform and (unless the platform uses the
 * default bucket group) a bucket group; a composite one (is_parent_template) combines simple ones through
 * compositions and has switch buffer 0, no bucket group and no platform (002 §5, enforced by the check too).
 */
export const shippingTemplates = pgTable(
  'shipping_templates',
  {
    id: serial('id').primaryKey(),
    shippingTemplate: text('shipping_template').notNull(),
    switchBuffer: integer('switch_buffer').notNull().default(0),
    bucketGroupId: integer('bucket_group_id').references(() => bucketGroups.id),
    isParentTemplate: boolean('is_parent_template').notNull().default(false),
    platformCode: text('platform_code'),
    platformShippingTemplateId: text('platform_shipping_template_id'),
  },
  (t) => [
    uniqueIndex('shipping_templates_name_unique').on(t.shippingTemplate),
    index('shipping_templates_bucket_group_idx').on(t.bucketGroupId),
    check('shipping_templates_switch_buffer', sql`${t.switchBuffer} >= 0`),
    check(
      'shipping_templates_composite',
      sql`not ${t.isParentTemplate} or (${t.switchBuffer} = 0 and ${t.bucketGroupId} is null and ${t.platformCode} is null and ${t.platformShippingTemplateId} is null)`,
    ),
  ],
);

/** 002 §3 Rule; published_at is set by Publish Rule (§4: a rule starts not published). */
export const shippingRules = pgTable(
  'shipping_rules',
  {
    id: serial('id').primaryKey(),
    ruleCode: text('rule_code').notNull(),
    fallbackShippingTemplateId: integer('fallback_shipping_template_id')
      .notNull()
      .references(() => shippingTemplates.id),
    groupShippingTemplateId: integer('group_shipping_template_id')
      .notNull()
      .references(() => shippingTemplates.id),
    usesTemplateCompositions: boolean('uses_template_compositions').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('shipping_rules_code_unique').on(t.ruleCode)],
);

/** 002 §3 Rule mapping: a shipping template a rule maps. */
export const shippingRuleMappings = pgTable(
  'shipping_rule_mappings',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => shippingRules.id),
    shippingTemplateId: integer('shipping_template_id')
      .notNull()
      .references(() => shippingTemplates.id),
  },
  (t) => [uniqueIndex('shipping_rule_mappings_unique').on(t.ruleId, t.shippingTemplateId)],
);

/** 002 §3 Composition: one simple template of a composite one. */
export const shippingTemplateCompositions = pgTable(
  'shipping_template_compositions',
  {
    id: serial('id').primaryKey(),
    compositeShippingTemplateId: integer('composite_shipping_template_id')
      .notNull()
      .references(() => shippingTemplates.id),
    simpleShippingTemplateId: integer('simple_shipping_template_id')
      .notNull()
      .references(() => shippingTemplates.id),
  },
  (t) => [
    uniqueIndex('shipping_template_compositions_unique').on(t.compositeShippingTemplateId, t.simpleShippingTemplateId),
    index('shipping_template_compositions_simple_idx').on(t.simpleShippingTemplateId),
  ],
);
