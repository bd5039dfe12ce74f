import {
  activateRuleCompositionsRoute,
  createShippingCompositionRoute,
  createShippingRuleMappingRoute,
  createShippingRuleRoute,
  createShippingTemplateRoute,
  deleteShippingCompositionRoute,
  deleteShippingRuleRoute,
  deleteShippingRuleMappingRoute,
  listShippingCompositionsRoute,
  listShippingRuleMappingsRoute,
  listShippingRulesRoute,
  listShippingTemplatesRoute,
  updateShippingRuleRoute,
  updateShippingTemplateRoute,
  type TRuleActivationError,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';
import { RuleActivationRefusal } from './shipping-templates.service.js';

export function registerShippingTemplatesRoutes({ route, services }: ModuleContext): void {
  const { shippingTemplates: s } = services;
  route(listShippingTemplatesRoute, async () => s.listTemplates());
  route(createShippingTemplateRoute, async ({ body }) => s.createTemplate(body));
  route(updateShippingTemplateRoute, async ({ body }) => s.updateTemplate(body));
  route(listShippingRulesRoute, async () => s.listRules());
  route(createShippingRuleRoute, async ({ body, auth }) => s.createRule(body, auth.user.id));
  route(updateShippingRuleRoute, async ({ body, auth }) => s.updateRule(body, auth.user.id));
  route(deleteShippingRuleRoute, async ({ params, auth }) => s.removeRule(params.id, auth.user.id));
  route(listShippingRuleMappingsRoute, async () => s.listRuleMappings());
  route(createShippingRuleMappingRoute, async ({ body, auth }) => s.createRuleMapping(body, auth.user.id));
  route(deleteShippingRuleMappingRoute, async ({ params, auth }) => s.removeRuleMapping(params.id, auth.user.id));
  route(listShippingCompositionsRoute, async () => s.listCompositions());
  route(createShippingCompositionRoute, async ({ body }) => s.createComposition(body));
  route(deleteShippingCompositionRoute, async ({ params }) => s.removeComposition(params.id));
  route(activateRuleCompositionsRoute, async ({ params, reply, auth }) => {
    try {
      return await s.activateCompositions(params.ruleId, auth.user.id);
    } catch (error) {
      if (!(error instanceof RuleActivationRefusal)) throw error;
      // The §7 error answer: `error` (the text the screen shows) and the groups missing a composite.
      const answer: TRuleActivationError = {
        statusCode: 422,
        error: error.message,
        message: error.message,
        groups: error.groups,
      };
      reply.code(422).send(answer);
      return undefined;
    }
  });
}
