import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHIPPING_TEMPLATE_MESSAGES as M,
  missingCompositionGroups,
  type TShippingRule,
  type TShippingTemplate,
} from '@keystone/contracts';
import { createSignedInUser } from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';

/** Shipping templates, rules, mappings, compositions and Publish Rule (issue 13; 002 §4, §5, §7, §8). */
let t: TestApp;
let editor: string; // purchasing-admin: bucket-buffer:edit
let viewer: string; // purchasing-1: bucket-buffer:view only
let nobody: string;
const BASE = '/api/ims/shipping-templates';

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, token = editor) =>
  injectAs(t.app, token, { method, url: `${BASE}${path}`, ...(payload ? { payload } : {}) });
const template = async (body: object) => {
  const res = await call('POST', '', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TShippingTemplate;
};

beforeAll(async () => {
  t = await createTestApp();
  editor = (await createSignedInUser(t, { role: 'purchasing-admin' })).token;
  viewer = (await createSignedInUser(t, { role: 'purchasing-1' })).token;
  nobody = (await createSignedInUser(t, { role: 'user' })).token;
  await t.services.bucketGroups.create({ bucketGroup: 'WM GROUP' });
});
afterAll(() => t?.close());

describe('shipping templates', () => {
  it('creates a simple template with its platform and bucket group', async () => {
    const made = await template({
      shippingTemplate: ' WM-STD ',
      switchBuffer: '2',
      bucketGroup: 'wm group',
      platformCode: 'walmart',
      platformShippingTemplateId: 'W-1',
    });
    expect(made).toMatchObject({
      shipping_template: 'WM-STD',
      switch_buffer: 2,
      bucket_group: 'WM GROUP',
      is_parent_template: false,
      platform_code: 'walmart',
      platform_shipping_template_id: 'W-1',
    });
  });

  it('a composite template gets switch buffer 0 and no bucket group or platform, whatever is sent', async () => {
    const made = await template({
      shippingTemplate: 'COMP-FORCED',
      isParentTemplate: true,
      switchBuffer: 5,
      bucketGroup: 'WM GROUP',
      platformCode: 'walmart',
      platformShippingTemplateId: 'X',
    });
    expect(made).toMatchObject({
      switch_buffer: 0,
      bucket_group: null,
      platform_code: null,
      platform_shipping_template_id: null,
      is_parent_template: true,
    });
  });

  it('ignores the bucket group on a platform that uses the default bucket group', async () => {
    const made = await template({ shippingTemplate: 'AMZ-STD', platformCode: 'amazon', bucketGroup: 'WM GROUP' });
    expect(made.bucket_group).toBeNull();
  });

  it.each([
    [{ platformCode: 'walmart' }, 'shippingTemplate', M.templateRequired],
    [{ shippingTemplate: 'NO-PLATFORM' }, 'platformCode', M.enterPlatform],
    [{ shippingTemplate: 'BAD-PLATFORM', platformCode: 'ebay' }, 'platformCode', M.platformUnknown('ebay')],
    [{ shippingTemplate: 'BAD-BUFFER', platformCode: 'walmart', switchBuffer: -1 }, 'switchBuffer', M.bufferInvalid],
    [
      { shippingTemplate: 'BAD-GROUP', platformCode: 'walmart', bucketGroup: 'NOPE' },
      'bucketGroup',
      M.bucketGroupUnknown('NOPE'),
    ],
    [{ shippingTemplate: 'WM-STD', platformCode: 'walmart' }, 'shippingTemplate', M.templateTaken('WM-STD')],
  ])('create answers 422 naming the key (%j)', async (body, key, message) => {
    const res = await call('POST', '', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ [key]: [message] });
  });

  it("updates a row; a simple row update without a platform is 'Enter a platform!'", async () => {
    const ok = await call('PUT', '', {
      shippingTemplate: 'WM-STD',
      switchBuffer: 4,
      platformCode: 'walts',
      bucketGroup: '',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      switch_buffer: 4,
      platform_code: 'walts',
      bucket_group: null,
      platform_shipping_template_id: 'W-1',
    });
    const missing = await call('PUT', '', { shippingTemplate: 'WM-STD', switchBuffer: 1 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ platformCode: [M.enterPlatform] });
    const unknown = await call('PUT', '', { shippingTemplate: 'NOPE', platformCode: 'walmart' });
    expect(unknown.json().errors).toEqual({ shippingTemplate: [M.templateUnknown('NOPE')] });
    const composite = await call('PUT', '', { shippingTemplate: 'WM-STD', isParentTemplate: true });
    expect(composite.json()).toMatchObject({
      is_parent_template: true,
      switch_buffer: 0,
      platform_code: null,
      bucket_group: null,
    });
    await call('PUT', '', {
      shippingTemplate: 'WM-STD',
      isParentTemplate: false,
      platformCode: 'walmart',
      bucketGroup: 'WM GROUP',
    });
  });

  it('lists to viewers; writes need bucket-buffer:edit', async () => {
    expect((await call('GET', '', undefined, viewer)).statusCode).toBe(200);
    expect((await call('GET', '', undefined, nobody)).statusCode).toBe(403);
    expect((await call('POST', '', { shippingTemplate: 'REFUSED', platformCode: 'walmart' }, viewer)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', '', { shippingTemplate: 'WM-STD', platformCode: 'walmart' }, viewer)).statusCode).toBe(
      403,
    );
    const names = ((await call('GET', '')).json() as TShippingTemplate[]).map((x) => x.shipping_template);
    expect(names).not.toContain('REFUSED');
  });
});

describe('compositions', () => {
  it('adds only a simple template to a parent one, counts them, and deletes', async () => {
    await template({ shippingTemplate: 'WM-2DAY', platformCode: 'walmart' });
    await template({ shippingTemplate: 'WM-COMBO', isParentTemplate: true });
    const a = await call('POST', '/composition', {
      compositeShippingTemplate: 'WM-COMBO',
      simpleShippingTemplate: 'WM-STD',
    });
    expect(a.statusCode, a.body).toBe(201);
    const b = await call('POST', '/composition', {
      compositeShippingTemplate: 'WM-COMBO',
      simpleShippingTemplate: 'WM-2DAY',
    });
    expect(b.json()).toMatchObject({
      composite_shipping_template: 'WM-COMBO',
      simple_shipping_template: 'WM-2DAY',
      num_of_templates_in_composition: 2,
    });
    const list = (await call('GET', '/composition', undefined, viewer)).json() as {
      num_of_templates_in_composition: number;
    }[];
    expect(list.every((c) => c.num_of_templates_in_composition === 2)).toBe(true);
    const wrong = await call('POST', '/composition', {
      compositeShippingTemplate: 'WM-STD',
      simpleShippingTemplate: 'WM-COMBO',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      compositeShippingTemplate: [M.compositeNotParent('WM-STD')],
      simpleShippingTemplate: [M.simpleIsParent('WM-COMBO')],
    });
    const dup = await call('POST', '/composition', {
      compositeShippingTemplate: 'WM-COMBO',
      simpleShippingTemplate: 'WM-STD',
    });
    expect(dup.json().errors).toEqual({ simpleShippingTemplate: [M.compositionTaken('WM-COMBO', 'WM-STD')] });
    const none = await call('POST', '/composition', {});
    expect(none.json().errors).toEqual({
      compositeShippingTemplate: [M.compositeRequired],
      simpleShippingTemplate: [M.simpleRequired],
    });
    // A template in a composition cannot change kind.
    const kind = await call('PUT', '', { shippingTemplate: 'WM-2DAY', isParentTemplate: true });
    expect(kind.json().errors).toEqual({ isParentTemplate: [M.parentInUse] });
    expect(
      (
        await call(
          'POST',
          '/composition',
          { compositeShippingTemplate: 'WM-COMBO', simpleShippingTemplate: 'AMZ-STD' },
          viewer,
        )
      ).statusCode,
    ).toBe(403);
    const extra = await call('POST', '/composition', {
      compositeShippingTemplate: 'COMP-FORCED',
      simpleShippingTemplate: 'AMZ-STD',
    });
    expect((await call('DELETE', `/composition/${extra.json().id}`, undefined, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', `/composition/${extra.json().id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/composition/${extra.json().id}`)).statusCode).toBe(404);
  });
});

describe('rules, mappings and Publish Rule', () => {
  it('creates and updates rules, 422 per key', async () => {
    const res = await call('POST', '/rule', {
      ruleCode: 'R-WM',
      fallbackShippingTemplate: 'WM-STD',
      groupShippingTemplate: 'WM-COMBO',
      usesTemplateCompositions: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      rule_code: 'R-WM',
      fallback_shipping_template: 'WM-STD',
      group_shipping_template: 'WM-COMBO',
      uses_template_compositions: true,
      is_published: false,
      published_at: null,
    });
    const bad = await call('POST', '/rule', { ruleCode: 'R-WM', fallbackShippingTemplate: 'NOPE' });
    expect(bad.json().errors).toEqual({
      fallbackShippingTemplate: [M.templateUnknown('NOPE')],
      groupShippingTemplate: [M.groupRequired],
    });
    const taken = await call('POST', '/rule', {
      ruleCode: 'R-WM',
      fallbackShippingTemplate: 'WM-STD',
      groupShippingTemplate: 'WM-STD',
    });
    expect(taken.json().errors).toEqual({ ruleCode: [M.ruleCodeTaken('R-WM')] });
    const upd = await call('PUT', '/rule', { ruleCode: 'R-WM', fallbackShippingTemplate: 'WM-2DAY' });
    expect(upd.json()).toMatchObject({ fallback_shipping_template: 'WM-2DAY', group_shipping_template: 'WM-COMBO' });
    expect((await call('PUT', '/rule', { ruleCode: 'NOPE' })).json().errors).toEqual({
      ruleCode: [M.ruleUnknown('NOPE')],
    });
    expect(
      (
        await call(
          'POST',
          '/rule',
          { ruleCode: 'R-REFUSED', fallbackShippingTemplate: 'WM-STD', groupShippingTemplate: 'WM-STD' },
          viewer,
        )
      ).statusCode,
    ).toBe(403);
    expect((await call('PUT', '/rule', { ruleCode: 'R-WM' }, viewer)).statusCode).toBe(403);
    expect((await call('GET', '/rule', undefined, viewer)).statusCode).toBe(200);
    expect((await call('GET', '/rule', undefined, nobody)).statusCode).toBe(403);
  });

  it('maps templates to a rule, 422 per key, and deletes a mapping', async () => {
    for (const name of ['WM-STD', 'WM-2DAY', 'AMZ-STD'])
      expect((await call('POST', '/rule/mapping', { ruleCode: 'R-WM', shippingTemplate: name })).statusCode).toBe(201);
    const dup = await call('POST', '/rule/mapping', { ruleCode: 'R-WM', shippingTemplate: 'WM-STD' });
    expect(dup.json().errors).toEqual({ shippingTemplate: [M.mappingTaken('R-WM', 'WM-STD')] });
    const bad = await call('POST', '/rule/mapping', { ruleCode: 'NOPE' });
    expect(bad.json().errors).toEqual({ ruleCode: [M.ruleUnknown('NOPE')], shippingTemplate: [M.templateRequired] });
    const list = (await call('GET', '/rule/mapping', undefined, viewer)).json() as {
      id: number;
      shipping_template: string;
    }[];
    expect(list.map((m) => m.shipping_template)).toEqual(['AMZ-STD', 'WM-2DAY', 'WM-STD']);
    expect(
      (await call('POST', '/rule/mapping', { ruleCode: 'R-WM', shippingTemplate: 'COMP-FORCED' }, viewer)).statusCode,
    ).toBe(403);
    const extra = await call('POST', '/rule/mapping', { ruleCode: 'R-WM', shippingTemplate: 'COMP-FORCED' });
    expect((await call('DELETE', `/rule/mapping/${extra.json().id}`, undefined, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', `/rule/mapping/${extra.json().id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/rule/mapping/${extra.json().id}`)).statusCode).toBe(404);
  });

  it('publishes a rule whose groups have compositions, and refuses one with a missing group', async () => {
    const rule = ((await call('GET', '/rule')).json() as TShippingRule[]).find((r) => r.rule_code === 'R-WM')!;
    expect((await call('POST', `/rule/activate-compositions/${rule.id}`, undefined, viewer)).statusCode).toBe(403);
    // WM-STD + WM-2DAY (walmart) are combined by WM-COMBO; AMZ-STD is alone on amazon: publishable.
    const ok = await call('POST', `/rule/activate-compositions/${rule.id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ is_published: true, published_at: expect.any(String) });

    await template({ shippingTemplate: 'AMZ-2DAY', platformCode: 'amazon' });
    await template({ shippingTemplate: 'WALTS-STD', platformCode: 'walts' });
    const other = (
      await call('POST', '/rule', {
        ruleCode: 'R-MISSING',
        fallbackShippingTemplate: 'AMZ-STD',
        groupShippingTemplate: 'COMP-FORCED',
        usesTemplateCompositions: true,
      })
    ).json() as TShippingRule;
    for (const name of ['AMZ-STD', 'AMZ-2DAY', 'WM-STD', 'WM-2DAY', 'WALTS-STD'])
      await call('POST', '/rule/mapping', { ruleCode: 'R-MISSING', shippingTemplate: name });
    const refused = await call('POST', `/rule/activate-compositions/${other.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      statusCode: 422,
      error: M.missingGroups,
      message: M.missingGroups,
      groups: [['AMZ-2DAY', 'AMZ-STD']],
    });
    const after = ((await call('GET', '/rule')).json() as TShippingRule[]).find((r) => r.id === other.id)!;
    expect(after.is_published).toBe(false);

    // The same rule without compositions publishes whatever its groups.
    await call('PUT', '/rule', { ruleCode: 'R-MISSING', usesTemplateCompositions: false });
    expect((await call('POST', `/rule/activate-compositions/${other.id}`)).json()).toMatchObject({
      is_published: true,
    });
    expect((await call('POST', '/rule/activate-compositions/999999')).statusCode).toBe(404);
  });

  it('a published rule starts using compositions only when its groups have composites (the publish check holds)', async () => {
    // R-MISSING was published without compositions; its amazon pair AMZ-2DAY + AMZ-STD has no composite.
    const turnOn = await call('PUT', '/rule', { ruleCode: 'R-MISSING', usesTemplateCompositions: true });
    expect(turnOn.statusCode).toBe(422);
    expect(turnOn.json().errors).toEqual({
      usesTemplateCompositions: [M.publishedNeedsCompositions([['AMZ-2DAY', 'AMZ-STD']])],
    });
    expect(M.publishedNeedsCompositions([['AMZ-2DAY', 'AMZ-STD']])).toContain('Missing: AMZ-2DAY + AMZ-STD.');
    let rule = ((await call('GET', '/rule')).json() as TShippingRule[]).find((r) => r.rule_code === 'R-MISSING')!;
    expect(rule).toMatchObject({ uses_template_compositions: false, is_published: true });
    // Other edits of the published rule go through; with the composite in place, so does the flag.
    expect(
      (await call('PUT', '/rule', { ruleCode: 'R-MISSING', fallbackShippingTemplate: 'AMZ-2DAY' })).statusCode,
    ).toBe(200);
    await template({ shippingTemplate: 'AMZ-COMBO', isParentTemplate: true });
    for (const simple of ['AMZ-2DAY', 'AMZ-STD'])
      expect(
        (await call('POST', '/composition', { compositeShippingTemplate: 'AMZ-COMBO', simpleShippingTemplate: simple }))
          .statusCode,
      ).toBe(201);
    const ok = await call('PUT', '/rule', { ruleCode: 'R-MISSING', usesTemplateCompositions: true });
    expect(ok.statusCode, ok.body).toBe(200);
    rule = ok.json() as TShippingRule;
    expect(rule).toMatchObject({
      uses_template_compositions: true,
      is_published: true,
      fallback_shipping_template: 'AMZ-2DAY',
    });
  });

  it('deletes a rule with its rule maps (bucket-buffer:edit); 404 when unknown', async () => {
    const rule = ((await call('GET', '/rule')).json() as TShippingRule[]).find((r) => r.rule_code === 'R-MISSING')!;
    const maps = () =>
      call('GET', '/rule/mapping').then(
        (r) => (r.json() as { rule_id: number }[]).filter((m) => m.rule_id === rule.id).length,
      );
    expect(await maps()).toBe(5);
    expect((await call('DELETE', `/rule/${rule.id}`, undefined, viewer)).statusCode).toBe(403);
    const res = await call('DELETE', `/rule/${rule.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: M.ruleDeleted('R-MISSING', 5), id: rule.id });
    expect(M.ruleDeleted('R-MISSING', 5)).toBe('Rule R-MISSING was deleted, with its 5 rule maps.');
    expect(await maps()).toBe(0);
    expect(((await call('GET', '/rule')).json() as TShippingRule[]).some((r) => r.id === rule.id)).toBe(false);
    const again = await call('DELETE', `/rule/${rule.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(M.ruleNotFound(rule.id));
    expect((await call('DELETE', '/rule/abc')).statusCode).toBe(400);
    // The code is free again.
    expect(
      (
        await call('POST', '/rule', {
          ruleCode: 'R-MISSING',
          fallbackShippingTemplate: 'AMZ-STD',
          groupShippingTemplate: 'AMZ-COMBO',
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('missingCompositionGroups', () => {
  const simple = (name: string, platform: string) => ({
    shipping_template: name,
    is_parent_template: false,
    platform_code: platform,
  });
  it('groups the simple templates per platform, ignores single ones and composites, and needs an exact composite', () => {
    const mapped = [
      simple('A1', 'amazon'),
      simple('A2', 'amazon'),
      simple('W1', 'walmart'),
      { shipping_template: 'C', is_parent_template: true, platform_code: null },
    ];
    expect(missingCompositionGroups(mapped, [])).toEqual([['A1', 'A2']]);
    expect(
      missingCompositionGroups(mapped, [{ composite_shipping_template: 'C', simple_shipping_template: 'A1' }]),
    ).toEqual([['A1', 'A2']]);
    expect(
      missingCompositionGroups(mapped, [
        { composite_shipping_template: 'C', simple_shipping_template: 'A1' },
        { composite_shipping_template: 'C', simple_shipping_template: 'A2' },
      ]),
    ).toEqual([]);
  });
});
