import { z } from '../common/zod';

/**
 * Roles inside an institution (issue 22). Every user has one; the user who registered the company is its owner.
 * Independent of the provider's `role` ('user' | 'admin'): an administrator is also the owner of their own company.
 */
export const MEMBER_ROLES = ['owner', 'economist', 'viewer'] as const;
export const memberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const MEMBER_ROLE_LABELS: Readonly<Record<MemberRole, string>> = {
  owner: 'Керівник облікового запису',
  economist: 'Економіст',
  viewer: 'Перегляд',
};

/**
 * What a role may do in its institution:
 * - `read`: see and download everything of the institution (every role);
 * - `edit`: reference data, institution data, imports, orders, the wizard, calculate, re-price, send for approval,
 *   duplicate or delete an order;
 * - `members`: invite, change a role, remove, revoke, transfer ownership;
 * - `activity`: the activity log and its export;
 * - `deleteApproved` (issue 33): delete a paid order that has an approved revision (its papers were signed), a
 *   step the institution's head answers for. Checked by the delete call itself, which also serves `edit`.
 * - `correctApproval` (issue 35): change the founder's decision already recorded on an approved revision. Checked
 *   by the approval call itself, which also serves `edit` (the first entry).
 */
export type MemberPermission =
  'read' | 'edit' | 'members' | 'activity' | 'deleteApproved' | 'correctApproval';

export const MEMBER_PERMISSIONS: Readonly<Record<MemberPermission, readonly MemberRole[]>> = {
  read: ['owner', 'economist', 'viewer'],
  edit: ['owner', 'economist'],
  members: ['owner'],
  activity: ['owner', 'economist'],
  deleteApproved: ['owner'],
  correctApproval: ['owner'],
};

/** Whether `role` may do `permission`; no role (a guest) may do nothing. */
export function memberCan(
  role: MemberRole | null | undefined,
  permission: MemberPermission,
): boolean {
  return role != null && MEMBER_PERMISSIONS[permission].includes(role);
}

/** 403 of a viewer's write; the web shows the same text on the controls it disables. */
export const VIEWER_READ_ONLY_MESSAGE =
  'Ваша роль «Перегляд» дозволяє лише переглядати й завантажувати дані установи.';
/** 403 of a members call by a non-owner. */
export const OWNER_ONLY_MESSAGE = 'Це може зробити лише керівник облікового запису.';
/** 403 of the activity log for a viewer. */
export const ACTIVITY_FORBIDDEN_MESSAGE =
  'Журнал дій бачать лише керівник облікового запису та економісти.';
/** 403 of deleting an order with an approved revision by anyone but the owner (issue 33). */
export const APPROVED_ORDER_DELETE_MESSAGE =
  'Замовлення з погодженою редакцією може видалити лише керівник облікового запису.';
