/**
 * The fixed list of selling platforms (002 §3 "Platforms"): shipping templates name one, the tax map is states ×
 * platforms. `uses_default_bucket_group`: a template on amazon or amazon_home takes the default bucket group, so its
 * bucket-group field is disabled (002 §5).
 */
export const PLATFORMS = [
  { platform_code: 'amazon', platform_name: 'Amazon', uses_default_bucket_group: true },
  { platform_code: 'amazon_home', platform_name: 'Amazon Home', uses_default_bucket_group: true },
  { platform_code: 'walmart', platform_name: 'Walmart', uses_default_bucket_group: false },
  { platform_code: 'walts', platform_name: "Walt's", uses_default_bucket_group: false },
] as const;

export type TPlatformCode = (typeof PLATFORMS)[number]['platform_code'];
export const PLATFORM_CODES = PLATFORMS.map((p) => p.platform_code) as [TPlatformCode, ...TPlatformCode[]];

export function platformUsesDefaultBucketGroup(code: string): boolean {
  return PLATFORMS.some((p) => p.platform_code === code && p.uses_default_bucket_group);
}
