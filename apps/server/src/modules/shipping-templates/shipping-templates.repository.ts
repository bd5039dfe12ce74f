import { aliasedTable, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import {
  bucketGroups,
  shippingRuleMappings,
  shippingRules,
  shippingTemplateCompositions,
  shippingTemplates,
} from '../../db/schema.js';

export type TemplateRow = typeof shippingTemplates.$inferSelect & { bucketGroup: string | null };
export type NewTemplateRow = typeof shippingTemplates.$inferInsert;
export type RuleRow = typeof shippingRules.$inferSelect & {
  fallbackShippingTemplate: string;
  groupShippingTemplate: string;
};
export type NewRuleRow = typeof shippingRules.$inferInsert;
export interface RuleMappingRow {
  id: number;
  ruleId: number;
  ruleCode: string;
  shippingTemplate: string;
}
export interface CompositionRow {
  id: number;
  compositeShippingTemplate: string;
  simpleShippingTemplate: string;
  count: number;
}

const fallback = aliasedTable(shippingTemplates, 'fallback_template');
const group = aliasedTable(shippingTemplates, 'group_template');
const composite = aliasedTable(shippingTemplates, 'composite_template');
const simple = aliasedTable(shippingTemplates, 'simple_template');

/** Shipping templates, rules, rule mappings and compositions: the only code touching these tables. */
export class ShippingTemplatesRepository {
  constructor(private readonly db: Executor) {}

  private templates() {
    return this.db
      .select({
        id: shippingTemplates.id,
        shippingTemplate: shippingTemplates.shippingTemplate,
        switchBuffer: shippingTemplates.switchBuffer,
        bucketGroupId: shippingTemplates.bucketGroupId,
        isParentTemplate: shippingTemplates.isParentTemplate,
        platformCode: shippingTemplates.platformCode,
        platformShippingTemplateId: shippingTemplates.platformShippingTemplateId,
        bucketGroup: bucketGroups.bucketGroup,
      })
      .from(shippingTemplates)
      .leftJoin(bucketGroups, eq(bucketGroups.id, shippingTemplates.bucketGroupId));
  }

  listTemplates(): Promise<TemplateRow[]> {
    return this.templates().orderBy(asc(shippingTemplates.shippingTemplate));
  }

  async templateByName(name: string): Promise<TemplateRow | null> {
    const [row] = await this.templates().where(eq(shippingTemplates.shippingTemplate, name));
    return row ?? null;
  }

  async templateById(id: number): Promise<TemplateRow | null> {
    const [row] = await this.templates().where(eq(shippingTemplates.id, id));
    return row ?? null;
  }

  async bucketGroupId(key: string | number): Promise<number | null> {
    const [row] = await this.db
      .select({ id: bucketGroups.id })
      .from(bucketGroups)
      .where(typeof key === 'number' ? eq(bucketGroups.id, key) : eq(bucketGroups.bucketGroup, key));
    return row?.id ?? null;
  }

  /** Null when the name is taken. */
  async insertTemplate(values: NewTemplateRow): Promise<number | null> {
    const [row] = await this.db
      .insert(shippingTemplates)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: shippingTemplates.id });
    return row?.id ?? null;
  }

  async updateTemplate(id: number, values: Partial<NewTemplateRow>): Promise<void> {
    await this.db.update(shippingTemplates).set(values).where(eq(shippingTemplates.id, id));
  }

  async compositionCountOf(templateId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shippingTemplateCompositions)
      .where(
        sql`${shippingTemplateCompositions.compositeShippingTemplateId} = ${templateId} or ${shippingTemplateCompositions.simpleShippingTemplateId} = ${templateId}`,
      );
    return Number(row?.n ?? 0);
  }

  private rules() {
    return this.db
      .select({
        id: shippingRules.id,
        ruleCode: shippingRules.ruleCode,
        fallbackShippingTemplateId: shippingRules.fallbackShippingTemplateId,
        groupShippingTemplateId: shippingRules.groupShippingTemplateId,
        usesTemplateCompositions: shippingRules.usesTemplateCompositions,
        publishedAt: shippingRules.publishedAt,
        fallbackShippingTemplate: fallback.shippingTemplate,
        groupShippingTemplate: group.shippingTemplate,
      })
      .from(shippingRules)
      .innerJoin(fallback, eq(fallback.id, shippingRules.fallbackShippingTemplateId))
      .innerJoin(group, eq(group.id, shippingRules.groupShippingTemplateId));
  }

  listRules(): Promise<RuleRow[]> {
    return this.rules().orderBy(asc(shippingRules.ruleCode));
  }

  async ruleByCode(code: string): Promise<RuleRow | null> {
    const [row] = await this.rules().where(eq(shippingRules.ruleCode, code));
    return row ?? null;
  }

  async ruleById(id: number, options: { forUpdate?: boolean } = {}): Promise<RuleRow | null> {
    if (options.forUpdate)
      await this.db.select({ id: shippingRules.id }).from(shippingRules).where(eq(shippingRules.id, id)).for('update');
    const [row] = await this.rules().where(eq(shippingRules.id, id));
    return row ?? null;
  }

  async insertRule(values: NewRuleRow): Promise<number | null> {
    const [row] = await this.db
      .insert(shippingRules)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: shippingRules.id });
    return row?.id ?? null;
  }

  async updateRule(id: number, values: Partial<NewRuleRow>): Promise<void> {
    await this.db.update(shippingRules).set(values).where(eq(shippingRules.id, id));
  }

  /** Deletes a rule and its mappings; the number of mappings deleted. */
  async deleteRule(id: number): Promise<number> {
    const maps = await this.db
      .delete(shippingRuleMappings)
      .where(eq(shippingRuleMappings.ruleId, id))
      .returning({ id: shippingRuleMappings.id });
    await this.db.delete(shippingRules).where(eq(shippingRules.id, id));
    return maps.length;
  }

  private ruleMappings() {
    return this.db
      .select({
        id: shippingRuleMappings.id,
        ruleId: shippingRuleMappings.ruleId,
        ruleCode: shippingRules.ruleCode,
        shippingTemplate: shippingTemplates.shippingTemplate,
      })
      .from(shippingRuleMappings)
      .innerJoin(shippingRules, eq(shippingRules.id, shippingRuleMappings.ruleId))
      .innerJoin(shippingTemplates, eq(shippingTemplates.id, shippingRuleMappings.shippingTemplateId));
  }

  listRuleMappings(): Promise<RuleMappingRow[]> {
    return this.ruleMappings().orderBy(asc(shippingRules.ruleCode), asc(shippingTemplates.shippingTemplate));
  }

  async ruleMappingById(id: number): Promise<RuleMappingRow | null> {
    const [row] = await this.ruleMappings().where(eq(shippingRuleMappings.id, id));
    return row ?? null;
  }

  async insertRuleMapping(ruleId: number, shippingTemplateId: number): Promise<number | null> {
    const [row] = await this.db
      .insert(shippingRuleMappings)
      .values({ ruleId, shippingTemplateId })
      .onConflictDoNothing()
      .returning({ id: shippingRuleMappings.id });
    return row?.id ?? null;
  }

  async deleteRuleMapping(id: number): Promise<void> {
    await this.db.delete(shippingRuleMappings).where(eq(shippingRuleMappings.id, id));
  }

  /** The templates a rule maps, with what its publish needs to know of them. */
  async mappedTemplates(
    ruleId: number,
  ): Promise<{ shippingTemplate: string; isParentTemplate: boolean; platformCode: string | null }[]> {
    return this.db
      .select({
        shippingTemplate: shippingTemplates.shippingTemplate,
        isParentTemplate: shippingTemplates.isParentTemplate,
        platformCode: shippingTemplates.platformCode,
      })
      .from(shippingRuleMappings)
      .innerJoin(shippingTemplates, eq(shippingTemplates.id, shippingRuleMappings.shippingTemplateId))
      .where(eq(shippingRuleMappings.ruleId, ruleId));
  }

  private compositions() {
    const counts = this.db
      .select({
        compositeId: shippingTemplateCompositions.compositeShippingTemplateId,
        n: sql<number>`count(*)::int`.as('n'),
      })
      .from(shippingTemplateCompositions)
      .groupBy(shippingTemplateCompositions.compositeShippingTemplateId)
      .as('counts');
    return this.db
      .select({
        id: shippingTemplateCompositions.id,
        compositeShippingTemplate: composite.shippingTemplate,
        simpleShippingTemplate: simple.shippingTemplate,
        count: counts.n,
      })
      .from(shippingTemplateCompositions)
      .innerJoin(composite, eq(composite.id, shippingTemplateCompositions.compositeShippingTemplateId))
      .innerJoin(simple, eq(simple.id, shippingTemplateCompositions.simpleShippingTemplateId))
      .innerJoin(counts, eq(counts.compositeId, shippingTemplateCompositions.compositeShippingTemplateId));
  }

  async listCompositions(): Promise<CompositionRow[]> {
    const rows = await this.compositions().orderBy(asc(composite.shippingTemplate), asc(simple.shippingTemplate));
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  }

  async compositionById(id: number): Promise<CompositionRow | null> {
    const [row] = await this.compositions().where(eq(shippingTemplateCompositions.id, id));
    return row ? { ...row, count: Number(row.count) } : null;
  }

  async insertComposition(compositeId: number, simpleId: number): Promise<number | null> {
    const [row] = await this.db
      .insert(shippingTemplateCompositions)
      .values({ compositeShippingTemplateId: compositeId, simpleShippingTemplateId: simpleId })
      .onConflictDoNothing()
      .returning({ id: shippingTemplateCompositions.id });
    return row?.id ?? null;
  }

  async deleteComposition(id: number): Promise<void> {
    await this.db.delete(shippingTemplateCompositions).where(eq(shippingTemplateCompositions.id, id));
  }

  /** Takes the templates' rows in id order (a composition's kinds cannot change under its insert). */
  async lockTemplates(ids: number[]): Promise<void> {
    if (ids.length)
      await this.db
        .select({ id: shippingTemplates.id })
        .from(shippingTemplates)
        .where(inArray(shippingTemplates.id, ids))
        .orderBy(asc(shippingTemplates.id))
        .for('update');
  }
}
