import {
  PLATFORM_CODES,
  SHIPPING_NAME_MAX,
  SHIPPING_PLATFORM_ID_MAX,
  SHIPPING_TEMPLATE_MESSAGES as M,
  countValue,
  flagValue,
  missingCompositionGroups,
  platformUsesDefaultBucketGroup,
  type TShippingComposition,
  type TShippingRule,
  type TShippingRuleMapping,
  type TShippingTemplate,
  type ZShippingCompositionInputSchema,
  type ZShippingRuleInputSchema,
  type ZShippingRuleMappingInputSchema,
  type ZShippingTemplateInputSchema,
} from '@keystone/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.js';
import { HttpError, notFound, unprocessable } from '../../http/errors.js';
import { recordChanges, recordCreated, recordDeleted } from '../history/history.service.js';
import {
  ShippingTemplatesRepository,
  type CompositionRow,
  type NewTemplateRow,
  type RuleMappingRow,
  type RuleRow,
  type TemplateRow,
} from './shipping-templates.repository.js';

type TTemplateInput = z.output<typeof ZShippingTemplateInputSchema>;
type TRuleInput = z.output<typeof ZShippingRuleInputSchema>;
type TRuleMappingInput = z.output<typeof ZShippingRuleMappingInputSchema>;
type TCompositionInput = z.output<typeof ZShippingCompositionInputSchema>;
type Errors = Record<string, string[]>;

/** The 422 of a publish refused for missing compositions: the §7 `error` and `groups`. */
export class RuleActivationRefusal extends HttpError {
  constructor(readonly groups: string[][]) {
    super(422, M.missingGroups);
  }
}

const templateDto = (t: TemplateRow): TShippingTemplate => ({
  id: t.id,
  shipping_template: t.shippingTemplate,
  switch_buffer: t.switchBuffer,
  bucket_group: t.bucketGroup,
  is_parent_template: t.isParentTemplate,
  platform_code: t.platformCode,
  platform_shipping_template_id: t.platformShippingTemplateId,
});

const ruleDto = (r: RuleRow): TShippingRule => ({
  id: r.id,
  rule_code: r.ruleCode,
  fallback_shipping_template: r.fallbackShippingTemplate,
  group_shipping_template: r.groupShippingTemplate,
  uses_template_compositions: r.usesTemplateCompositions,
  is_published: r.publishedAt !== null,
  published_at: r.publishedAt ? r.publishedAt.toISOString() : null,
});

/** A rule as its history records it: the answer's fields but its id. */
const ruleFields = ({ id: _id, ...fields }: TShippingRule) => fields;

const ruleMappingDto = (m: RuleMappingRow): TShippingRuleMapping => ({
  id: m.id,
  rule_id: m.ruleId,
  rule_code: m.ruleCode,
  shipping_template: m.shippingTemplate,
});

const compositionDto = (c: CompositionRow): TShippingComposition => ({
  id: c.id,
  composite_shipping_template: c.compositeShippingTemplate,
  simple_shipping_template: c.simpleShippingTemplate,
  num_of_templates_in_composition: c.count,
});

/** A template mapped onto a rule (or no longer), as the rule's field `mapping <template>`. */
const mappingChange = (m: TShippingRuleMapping, mapped: boolean) => {
  const field = `mapping ${m.shipping_template}`;
  return { before: { [field]: mapped ? null : 'mapped' }, after: { [field]: mapped ? 'mapped' : null } };
};

/** A name: trimmed; the error when it is missing or too long. */
function nameOf(value: string | undefined, key: string, required: string, errors: Errors): string | null {
  const name = (value ?? '').trim();
  if (!name) errors[key] = [required];
  else if (name.length > SHIPPING_NAME_MAX) errors[key] = [M.tooLong(SHIPPING_NAME_MAX)];
  else return name;
  return null;
}

const failIf = (errors: Errors) => {
  if (Object.keys(errors).length) throw unprocessable(M.invalid, errors);
};

/**
 * Shipping templates, rules, rule mappings and compositions (002 §5, §7, §8). The composite rules are
 * enforced here (and by the table's check): a composite template has switch buffer 0 and no bucket group or platform.
 */
export class ShippingTemplatesService {
  constructor(private readonly db: Database) {}

  private repo(executor: Executor = this.db) {
    return new ShippingTemplatesRepository(executor);
  }

  async listTemplates(): Promise<TShippingTemplate[]> {
    return (await this.repo().listTemplates()).map(templateDto);
  }

  /**
   * The stored values of a template from the body (create) or the body over the saved row (update), per 002 §5:
   * a composite forces switch buffer 0 and clears the bucket group and platform fields; a simple one needs a
   * platform ('Enter a platform!'); a platform that uses the default bucket group stores none.
   */
  private async templateValues(
    repo: ShippingTemplatesRepository,
    input: TTemplateInput,
    saved: TemplateRow | null,
    errors: Errors,
  ): Promise<Omit<NewTemplateRow, 'shippingTemplate'>> {
    const isParent =
      input.isParentTemplate !== undefined ? flagValue(input.isParentTemplate) : (saved?.isParentTemplate ?? false);
    if (isParent)
      return {
        isParentTemplate: true,
        switchBuffer: 0,
        bucketGroupId: null,
        platformCode: null,
        platformShippingTemplateId: null,
      };
    const platform =
      saved && input.platformCode === undefined ? undefined : (input.platformCode ?? '').trim().toLowerCase();
    let platformCode: string | null = null;
    if (!platform) errors.platformCode = [M.enterPlatform];
    else if (!(PLATFORM_CODES as readonly string[]).includes(platform))
      errors.platformCode = [M.platformUnknown(platform)];
    else platformCode = platform;
    const buffer = countValue(input.switchBuffer, saved ? saved.switchBuffer : 0);
    if (buffer === null || buffer === undefined) errors.switchBuffer = [M.bufferInvalid];
    let bucketGroupId: number | null = saved && input.bucketGroup === undefined ? saved.bucketGroupId : null;
    const groupKey = typeof input.bucketGroup === 'string' ? input.bucketGroup.trim().toUpperCase() : input.bucketGroup;
    if (platformCode && platformUsesDefaultBucketGroup(platformCode)) bucketGroupId = null;
    else if (groupKey !== undefined && groupKey !== null && groupKey !== '') {
      bucketGroupId = await repo.bucketGroupId(groupKey);
      if (bucketGroupId === null) errors.bucketGroup = [M.bucketGroupUnknown(String(groupKey))];
    } else if (groupKey !== undefined) bucketGroupId = null;
    let platformShippingTemplateId =
      saved && input.platformShippingTemplateId === undefined
        ? saved.platformShippingTemplateId
        : (input.platformShippingTemplateId ?? '').trim() || null;
    if (platformShippingTemplateId && platformShippingTemplateId.length > SHIPPING_PLATFORM_ID_MAX) {
      errors.platformShippingTemplateId = [M.tooLong(SHIPPING_PLATFORM_ID_MAX)];
      platformShippingTemplateId = null;
    }
    return {
      isParentTemplate: false,
      switchBuffer: buffer ?? 0,
      bucketGroupId,
      platformCode,
      platformShippingTemplateId,
    };
  }

  async createTemplate(input: TTemplateInput): Promise<TShippingTemplate> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const errors: Errors = {};
      const name = nameOf(input.shippingTemplate, 'shippingTemplate', M.templateRequired, errors);
      const values = await this.templateValues(repo, input, null, errors);
      failIf(errors);
      const id = await repo.insertTemplate({ ...values, shippingTemplate: name! });
      if (id === null) throw unprocessable(M.invalid, { shippingTemplate: [M.templateTaken(name!)] });
      return templateDto((await repo.templateById(id))!);
    });
  }

  /** PUT '': the template named by shippingTemplate; a simple template's row update must carry its platform. */
  async updateTemplate(input: TTemplateInput): Promise<TShippingTemplate> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const errors: Errors = {};
      const name = nameOf(input.shippingTemplate, 'shippingTemplate', M.templateRequired, errors);
      const saved = name ? await repo.templateByName(name) : null;
      if (name && !saved) errors.shippingTemplate = [M.templateUnknown(name)];
      failIf(errors);
      await repo.lockTemplates([saved!.id]);
      const values = await this.templateValues(
        repo,
        { ...input, platformCode: input.platformCode ?? null },
        saved,
        errors,
      );
      if (values.isParentTemplate !== saved!.isParentTemplate && (await repo.compositionCountOf(saved!.id)) > 0)
        errors.isParentTemplate = [M.parentInUse];
      failIf(errors);
      await repo.updateTemplate(saved!.id, values);
      return templateDto((await repo.templateById(saved!.id))!);
    });
  }

  async listRules(): Promise<TShippingRule[]> {
    return (await this.repo().listRules()).map(ruleDto);
  }

  private async templateIdOf(
    repo: ShippingTemplatesRepository,
    value: string | undefined,
    key: string,
    required: string,
    errors: Errors,
    optional: boolean,
  ): Promise<number | undefined> {
    if (optional && value === undefined) return undefined;
    const name = nameOf(value, key, required, errors);
    if (!name) return undefined;
    const template = await repo.templateByName(name);
    if (!template) errors[key] = [M.templateUnknown(name)];
    return template?.id;
  }

  async createRule(input: TRuleInput, userId: number | null = null): Promise<TShippingRule> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const errors: Errors = {};
      const code = nameOf(input.ruleCode, 'ruleCode', M.ruleCodeRequired, errors);
      const fallbackId = await this.templateIdOf(
        repo,
        input.fallbackShippingTemplate,
        'fallbackShippingTemplate',
        M.fallbackRequired,
        errors,
        false,
      );
      const groupId = await this.templateIdOf(
        repo,
        input.groupShippingTemplate,
        'groupShippingTemplate',
        M.groupRequired,
        errors,
        false,
      );
      failIf(errors);
      const id = await repo.insertRule({
        ruleCode: code!,
        fallbackShippingTemplateId: fallbackId!,
        groupShippingTemplateId: groupId!,
        usesTemplateCompositions:
          input.usesTemplateCompositions !== undefined && flagValue(input.usesTemplateCompositions),
      });
      if (id === null) throw unprocessable(M.invalid, { ruleCode: [M.ruleCodeTaken(code!)] });
      const rule = ruleDto((await repo.ruleById(id))!);
      await recordCreated(tx, { entity: 'shipping-rule', recordId: id, userId, fields: ruleFields(rule) });
      return rule;
    });
  }

  /**
   * PUT /rule: the rule named by ruleCode; the given templates and flag change. Its published state stays, so a
   * published rule may start using template compositions only when Publish Rule would pass for it now (422 on
   * usesTemplateCompositions naming the groups without a composite).
   */
  async updateRule(input: TRuleInput, userId: number | null = null): Promise<TShippingRule> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const errors: Errors = {};
      const code = nameOf(input.ruleCode, 'ruleCode', M.ruleCodeRequired, errors);
      const found = code ? await repo.ruleByCode(code) : null;
      const rule = found ? await repo.ruleById(found.id, { forUpdate: true }) : null;
      if (code && !rule) errors.ruleCode = [M.ruleUnknown(code)];
      const fallbackId = await this.templateIdOf(
        repo,
        input.fallbackShippingTemplate,
        'fallbackShippingTemplate',
        M.fallbackRequired,
        errors,
        true,
      );
      const groupId = await this.templateIdOf(
        repo,
        input.groupShippingTemplate,
        'groupShippingTemplate',
        M.groupRequired,
        errors,
        true,
      );
      if (
        rule?.publishedAt &&
        !rule.usesTemplateCompositions &&
        input.usesTemplateCompositions !== undefined &&
        flagValue(input.usesTemplateCompositions)
      ) {
        const groups = await this.missingGroupsOf(repo, rule.id);
        if (groups.length) errors.usesTemplateCompositions = [M.publishedNeedsCompositions(groups)];
      }
      failIf(errors);
      await repo.updateRule(rule!.id, {
        ...(fallbackId !== undefined ? { fallbackShippingTemplateId: fallbackId } : {}),
        ...(groupId !== undefined ? { groupShippingTemplateId: groupId } : {}),
        ...(input.usesTemplateCompositions !== undefined
          ? { usesTemplateCompositions: flagValue(input.usesTemplateCompositions) }
          : {}),
      });
      const after = ruleDto((await repo.ruleById(rule!.id))!);
      await recordChanges(tx, {
        entity: 'shipping-rule',
        recordId: rule!.id,
        userId,
        before: ruleFields(ruleDto(rule!)),
        after: ruleFields(after),
      });
      return after;
    });
  }

  /** DELETE /rule/{id} (ours): the rule and its mappings, in one transaction; 404 when unknown. */
  async removeRule(id: number, userId: number | null = null): Promise<{ message: string; id: number }> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const rule = await repo.ruleById(id, { forUpdate: true });
      if (!rule) throw notFound(M.ruleNotFound(id));
      const maps = await repo.deleteRule(id);
      await recordDeleted(tx, { entity: 'shipping-rule', recordId: id, userId, fields: ruleFields(ruleDto(rule)) });
      return { message: M.ruleDeleted(rule.ruleCode, maps), id };
    });
  }

  /** The groups of the rule's mapped simple templates that no composite combines (`missingCompositionGroups`). */
  private async missingGroupsOf(repo: ShippingTemplatesRepository, ruleId: number): Promise<string[][]> {
    const mapped = await repo.mappedTemplates(ruleId);
    const compositions = await repo.listCompositions();
    return missingCompositionGroups(
      mapped.map((m) => ({
        shipping_template: m.shippingTemplate,
        is_parent_template: m.isParentTemplate,
        platform_code: m.platformCode,
      })),
      compositions.map((c) => ({
        composite_shipping_template: c.compositeShippingTemplate,
        simple_shipping_template: c.simpleShippingTemplate,
      })),
    );
  }

  async listRuleMappings(): Promise<TShippingRuleMapping[]> {
    return (await this.repo().listRuleMappings()).map(ruleMappingDto);
  }

  /** Maps a template onto a rule, recorded on the rule as `mapping <template>`. */
  async createRuleMapping(input: TRuleMappingInput, userId: number | null = null): Promise<TShippingRuleMapping> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const errors: Errors = {};
      const code = nameOf(input.ruleCode, 'ruleCode', M.ruleCodeRequired, errors);
      const rule = code ? await repo.ruleByCode(code) : null;
      if (code && !rule) errors.ruleCode = [M.ruleUnknown(code)];
      const templateId = await this.templateIdOf(
        repo,
        input.shippingTemplate,
        'shippingTemplate',
        M.templateRequired,
        errors,
        false,
      );
      failIf(errors);
      const id = await repo.insertRuleMapping(rule!.id, templateId!);
      if (id === null)
        throw unprocessable(M.invalid, {
          shippingTemplate: [M.mappingTaken(rule!.ruleCode, input.shippingTemplate!.trim())],
        });
      const mapping = ruleMappingDto((await repo.ruleMappingById(id))!);
      await recordChanges(tx, { entity: 'shipping-rule', recordId: rule!.id, userId, ...mappingChange(mapping, true) });
      return mapping;
    });
  }

  async removeRuleMapping(id: number, userId: number | null = null): Promise<{ message: string; id: number }> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const mapping = await repo.ruleMappingById(id);
      if (!mapping) throw notFound(M.mappingNotFound(id));
      await repo.deleteRuleMapping(id);
      const dto = ruleMappingDto(mapping);
      await recordChanges(tx, { entity: 'shipping-rule', recordId: dto.rule_id, userId, ...mappingChange(dto, false) });
      return { message: `Rule ${mapping.ruleCode} no longer maps ${mapping.shippingTemplate}.`, id };
    });
  }

  async listCompositions(): Promise<TShippingComposition[]> {
    return (await this.repo().listCompositions()).map(compositionDto);
  }

  /** The composite must be a parent template and the simple one not (002 §5); 422 per key. */
  async createComposition(input: TCompositionInput): Promise<TShippingComposition> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const errors: Errors = {};
      const compositeName = nameOf(
        input.compositeShippingTemplate,
        'compositeShippingTemplate',
        M.compositeRequired,
        errors,
      );
      const simpleName = nameOf(input.simpleShippingTemplate, 'simpleShippingTemplate', M.simpleRequired, errors);
      const composite = compositeName ? await repo.templateByName(compositeName) : null;
      const simple = simpleName ? await repo.templateByName(simpleName) : null;
      if (compositeName && !composite) errors.compositeShippingTemplate = [M.templateUnknown(compositeName)];
      if (simpleName && !simple) errors.simpleShippingTemplate = [M.templateUnknown(simpleName)];
      failIf(errors);
      await repo.lockTemplates([composite!.id, simple!.id]);
      const [lockedComposite, lockedSimple] = [
        (await repo.templateById(composite!.id))!,
        (await repo.templateById(simple!.id))!,
      ];
      if (!lockedComposite.isParentTemplate)
        errors.compositeShippingTemplate = [M.compositeNotParent(lockedComposite.shippingTemplate)];
      if (lockedSimple.isParentTemplate)
        errors.simpleShippingTemplate = [M.simpleIsParent(lockedSimple.shippingTemplate)];
      failIf(errors);
      const id = await repo.insertComposition(composite!.id, simple!.id);
      if (id === null)
        throw unprocessable(M.invalid, {
          simpleShippingTemplate: [M.compositionTaken(composite!.shippingTemplate, simple!.shippingTemplate)],
        });
      return compositionDto((await repo.compositionById(id))!);
    });
  }

  async removeComposition(id: number): Promise<{ message: string; id: number }> {
    const repo = this.repo();
    const composition = await repo.compositionById(id);
    if (!composition) throw notFound(M.compositionNotFound(id));
    await repo.deleteComposition(id);
    return {
      message: `${composition.compositeShippingTemplate} no longer contains ${composition.simpleShippingTemplate}.`,
      id,
    };
  }

  /**
   * Publish Rule (002 §4, §7): a rule that uses template compositions is refused with the groups of its mapped
   * simple templates that no composite combines (`missingCompositionGroups`); otherwise it is published (once: a
   * second publish answers the rule as it is). A rule that does not use them has nothing to check: it never ships a
   * combined order under a composite (docs/decisions.md, "The spec's remaining deviations"; the screen says so).
   */
  async activateCompositions(ruleId: number, userId: number | null = null): Promise<TShippingRule> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const rule = await repo.ruleById(ruleId, { forUpdate: true });
      if (!rule) throw notFound(M.ruleNotFound(ruleId));
      if (rule.publishedAt) return ruleDto(rule);
      if (rule.usesTemplateCompositions) {
        const groups = await this.missingGroupsOf(repo, ruleId);
        if (groups.length) throw new RuleActivationRefusal(groups);
      }
      await repo.updateRule(ruleId, { publishedAt: new Date() });
      const after = ruleDto((await repo.ruleById(ruleId))!);
      await recordChanges(tx, {
        entity: 'shipping-rule',
        recordId: ruleId,
        userId,
        before: ruleFields(ruleDto(rule)),
        after: ruleFields(after),
      });
      return after;
    });
  }
}
