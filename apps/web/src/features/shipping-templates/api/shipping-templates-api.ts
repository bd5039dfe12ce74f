import { useQuery } from '@tanstack/react-query';
import {
  activateRuleCompositionsRoute,
  createShippingCompositionRoute,
  createShippingRuleMappingRoute,
  createShippingRuleRoute,
  createShippingTemplateRoute,
  deleteShippingCompositionRoute,
  deleteShippingRuleMappingRoute,
  deleteShippingRuleRoute,
  listBucketGroupsRoute,
  listShippingCompositionsRoute,
  listShippingRuleMappingsRoute,
  listShippingRulesRoute,
  listShippingTemplatesRoute,
  updateShippingRuleRoute,
  updateShippingTemplateRoute,
  type TShippingCompositionInput,
  type TShippingRuleInput,
  type TShippingRuleMappingInput,
  type TShippingTemplateInput,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

export const SHIPPING_QUERY_KEY = ['shipping-templates'] as const;

export const useShippingTemplates = () =>
  useQuery({
    queryKey: [...SHIPPING_QUERY_KEY, 'templates'],
    queryFn: ({ signal }) => callApi(listShippingTemplatesRoute, { signal }),
  });
export const useShippingRules = () =>
  useQuery({
    queryKey: [...SHIPPING_QUERY_KEY, 'rules'],
    queryFn: ({ signal }) => callApi(listShippingRulesRoute, { signal }),
  });
export const useShippingRuleMappings = () =>
  useQuery({
    queryKey: [...SHIPPING_QUERY_KEY, 'mappings'],
    queryFn: ({ signal }) => callApi(listShippingRuleMappingsRoute, { signal }),
  });
export const useShippingCompositions = () =>
  useQuery({
    queryKey: [...SHIPPING_QUERY_KEY, 'compositions'],
    queryFn: ({ signal }) => callApi(listShippingCompositionsRoute, { signal }),
  });
/** The bucket group names for the template forms. */
export const useBucketGroupNames = () =>
  useQuery({
    queryKey: [...SHIPPING_QUERY_KEY, 'bucket-groups'],
    queryFn: async ({ signal }) =>
      (await callApi(listBucketGroupsRoute, { signal, silent: true })).map((g) => g.bucket_group),
  });

export const createTemplate = (body: TShippingTemplateInput) =>
  callApi(createShippingTemplateRoute, { body, silent: true });
export const updateTemplate = (body: TShippingTemplateInput) =>
  callApi(updateShippingTemplateRoute, { body, silent: true });
export const createRule = (body: TShippingRuleInput) => callApi(createShippingRuleRoute, { body, silent: true });
export const updateRule = (body: TShippingRuleInput) => callApi(updateShippingRuleRoute, { body, silent: true });
export const deleteRule = (id: number) => callApi(deleteShippingRuleRoute, { params: { id }, silent: true });
export const createRuleMapping = (body: TShippingRuleMappingInput) =>
  callApi(createShippingRuleMappingRoute, { body, silent: true });
export const deleteRuleMapping = (id: number) =>
  callApi(deleteShippingRuleMappingRoute, { params: { id }, silent: true });
export const createComposition = (body: TShippingCompositionInput) =>
  callApi(createShippingCompositionRoute, { body, silent: true });
export const deleteComposition = (id: number) =>
  callApi(deleteShippingCompositionRoute, { params: { id }, silent: true });
export const activateRule = (ruleId: number) =>
  callApi(activateRuleCompositionsRoute, { params: { ruleId }, silent: true });
