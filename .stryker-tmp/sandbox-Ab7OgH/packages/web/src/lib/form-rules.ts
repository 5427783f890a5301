// @ts-nocheck
import type { FormRule } from 'antd';

/** The part of a zod schema the forms need (structural, so the web does not import zod itself). */
interface Schema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * An antd rule that runs a shared schema (from @console/shared) on the whole form and reports the first
 * message for `field`, so the form and the server say the same words. Whole-form parsing makes
 * cross-field rules (confirm password) work; give such fields `dependencies`.
 */
export function zodRule(
  schema: Schema,
  field: string,
  /** The form's values as the API takes them, when the form holds them otherwise (lines -> array). */
  toBody: (values: Record<string, unknown>) => unknown = (v) => v,
): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const result = schema.safeParse(toBody(getFieldsValue(true)));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path.map(String).join('.') === field);
      if (issue) throw new Error(issue.message);
    },
  });
}
