import {
  issuesByPath,
  newOrderInputSchema,
  orderFee,
  type CompanyInfo,
  type NewOrderInput,
} from '@medcalc/domain';

/**
 * The editing state of the create-order page (spec §2 "Create order", §3 "New order draft", §4 "Client
 * state"). A pure reducer: no clock, no ids from outside the state, so every action is unit-tested alone.
 */

/** Where a chosen row comes from; `null` is a row added without a template. */
export type DraftSource = 'template' | 'calculation' | null;

export type DraftRow = {
  /** Local key for React lists and row actions; never sent to the server. */
  key: number;
  categoryId: number | null;
  source: DraftSource;
  sourceId: number | null;
  /** The service name the user may edit (the wire name is the spec's `templateName`). */
  templateName: string;
  /** Template rows also carry `templateId` (spec §3). */
  templateId?: number;
};

export type NewOrderDraft = {
  name: string;
  rows: DraftRow[];
  nextKey: number;
};

/** What a checkbox in the templates or own-calculations tab adds. */
export type DraftSourceItem = {
  source: 'template' | 'calculation';
  sourceId: number;
  categoryId: number;
  name: string;
};

export type NewOrderDraftAction =
  | { type: 'rename-order'; name: string }
  | { type: 'add-blank' }
  | { type: 'remove'; key: number }
  | { type: 'rename-row'; key: number; templateName: string }
  | { type: 'set-category'; key: number; categoryId: number | null }
  | { type: 'toggle-source'; item: DraftSourceItem; checked: boolean };

/** 'Розрахунок для: d.m.yyyy' of spec §9, the date without zero padding, in the browser's time zone. */
export function defaultOrderName(today: Date): string {
  return `Розрахунок для: ${today.getDate()}.${today.getMonth() + 1}.${today.getFullYear()}`;
}

export function createNewOrderDraft(today: Date): NewOrderDraft {
  return { name: defaultOrderName(today), rows: [], nextKey: 1 };
}

/**
 * Whether the draft holds something the user chose or typed (issue 33): a chosen service, or a name other than
 * the default the page opened with. Such a draft is kept in the tab and guarded on leaving; an untouched one is not.
 */
export function hasNewOrderInput(draft: NewOrderDraft, openedWith: NewOrderDraft): boolean {
  return draft.rows.length > 0 || draft.name !== openedWith.name;
}

/** The sum to pay, UAH: the fee of spec §9 times the number of chosen calculations. */
export function orderTotal(count: number): number {
  return orderFee(count);
}

/**
 * Whether a template or own calculation is among the chosen rows. Both the source and its id are compared:
 * template 3 and own calculation 3 are different things that happen to share a number.
 */
export function isSourceChosen(
  draft: NewOrderDraft,
  source: 'template' | 'calculation',
  sourceId: number,
): boolean {
  return draft.rows.some((row) => row.source === source && row.sourceId === sourceId);
}

function updateRow(draft: NewOrderDraft, key: number, patch: Partial<DraftRow>): NewOrderDraft {
  return {
    ...draft,
    rows: draft.rows.map((row) => (row.key === key ? { ...row, ...patch } : row)),
  };
}

function addRow(draft: NewOrderDraft, row: Omit<DraftRow, 'key'>): NewOrderDraft {
  return {
    ...draft,
    rows: [...draft.rows, { ...row, key: draft.nextKey }],
    nextKey: draft.nextKey + 1,
  };
}

export function newOrderDraftReducer(
  draft: NewOrderDraft,
  action: NewOrderDraftAction,
): NewOrderDraft {
  switch (action.type) {
    case 'rename-order':
      return { ...draft, name: action.name };
    case 'add-blank':
      // Spec §4: a new line has category, source and id null.
      return addRow(draft, { categoryId: null, source: null, sourceId: null, templateName: '' });
    case 'remove':
      return { ...draft, rows: draft.rows.filter((row) => row.key !== action.key) };
    case 'rename-row':
      return updateRow(draft, action.key, { templateName: action.templateName });
    case 'set-category':
      return updateRow(draft, action.key, { categoryId: action.categoryId });
    case 'toggle-source': {
      const { item, checked } = action;
      const isChosen = isSourceChosen(draft, item.source, item.sourceId);
      if (!checked) {
        // Spec §4: unchecking removes the row with the same source id.
        return {
          ...draft,
          rows: draft.rows.filter(
            (row) => !(row.source === item.source && row.sourceId === item.sourceId),
          ),
        };
      }
      if (isChosen) return draft;
      return addRow(draft, {
        categoryId: item.categoryId,
        source: item.source,
        sourceId: item.sourceId,
        templateName: item.name,
        ...(item.source === 'template' ? { templateId: item.sourceId } : {}),
      });
    }
  }
}

/** The body of `POST /api/company/{companyIdentifier}/orders/add` (spec §7), before validation. */
export function toNewOrderInput(
  draft: NewOrderDraft,
  extra: { userIdentifier?: string; companyInfo?: CompanyInfo },
): NewOrderInput {
  return {
    ...(extra.userIdentifier === undefined ? {} : { userIdentifier: extra.userIdentifier }),
    name: draft.name,
    ...(extra.companyInfo === undefined ? {} : { companyInfo: extra.companyInfo }),
    calculations: draft.rows.map((row) => ({
      // A missing category is sent as 0 only to fail validation below; it never reaches the server.
      categoryId: row.categoryId ?? 0,
      source: row.source,
      sourceId: row.sourceId,
      templateName: row.templateName,
      ...(row.templateId === undefined ? {} : { templateId: row.templateId }),
    })),
  };
}

/**
 * Messages of one chosen row: under its name, under its category, and `row` for the row as a whole, shown
 * under its source tag. The server answers a chosen source it cannot use (a template or own calculation that is
 * gone, spec §7 orders/add) under `calculations.N.sourceId` or `calculations.N.templateId`; those, and any other
 * key of the row, land in `row`.
 */
export type RowErrors = { templateName?: string; categoryId?: string; row?: string };
/** `other` holds messages that belong to no row or field the page shows (e.g. the whole list's). */
export type DraftErrors = { name?: string; rows: Record<number, RowErrors>; other: string[] };

export const NO_DRAFT_ERRORS: DraftErrors = { rows: {}, other: [] };

export function hasDraftErrors(errors: DraftErrors): boolean {
  return (
    errors.name !== undefined || Object.keys(errors.rows).length > 0 || errors.other.length > 0
  );
}

/** Which row slot a server key `calculations.N.<field>` fills. */
function rowSlot(field: string | undefined): keyof RowErrors {
  return field === 'templateName' || field === 'categoryId' ? field : 'row';
}

/**
 * Places field messages, keyed the way the server's 422 answer keys them (`name`, `calculations.0.categoryId`,
 * `calculations.1.sourceId`), on the order name and on the rows. The first message of a field wins (spec §5).
 * A key that matches no row or field is kept in `other`, so no message is lost.
 */
export function placeDraftErrors(
  draft: NewOrderDraft,
  messages: Readonly<Record<string, readonly string[] | string>>,
): DraftErrors {
  const errors: DraftErrors = { rows: {}, other: [] };
  for (const [field, value] of Object.entries(messages)) {
    const message = typeof value === 'string' ? value : value[0];
    if (message === undefined) continue;
    if (field === 'name') {
      errors.name ??= message;
      continue;
    }
    const match = /^calculations\.(\d+)(?:\.(\w+))?(?:\.|$)/.exec(field);
    const row = match ? draft.rows[Number(match[1])] : undefined;
    if (!match || row === undefined) {
      if (!errors.other.includes(message)) errors.other.push(message);
      continue;
    }
    const target = (errors.rows[row.key] ??= {});
    target[rowSlot(match[2])] ??= message;
  }
  return errors;
}

/**
 * The server's messages left after an edit: editing a field clears that field's message (the user answered
 * it), removing a row clears the row's. A row's own message (its source cannot be used) stays until the row is
 * removed or the order is sent again, since no edit of the name or category fixes it.
 */
export function keepServerErrors(
  errors: DraftErrors,
  action: NewOrderDraftAction,
  next: NewOrderDraft,
): DraftErrors {
  const keys = new Set(next.rows.map((row) => row.key));
  const rows: Record<number, RowErrors> = {};
  for (const [key, value] of Object.entries(errors.rows)) {
    const rowKey = Number(key);
    if (!keys.has(rowKey)) continue;
    const kept = { ...value };
    if (action.type === 'rename-row' && action.key === rowKey) delete kept.templateName;
    if (action.type === 'set-category' && action.key === rowKey) delete kept.categoryId;
    if (Object.keys(kept).length > 0) rows[rowKey] = kept;
  }
  return {
    ...(action.type === 'rename-order' || errors.name === undefined ? {} : { name: errors.name }),
    rows,
    // Messages about the whole list (e.g. its length) may no longer hold after any edit.
    other: [],
  };
}

/**
 * Checks the draft with the domain's own schema before anything is sent (spec §2: a blank row needs a name and
 * a category), so the messages are the server's Ukrainian ones.
 */
export function validateNewOrderDraft(draft: NewOrderDraft): DraftErrors {
  const result = newOrderInputSchema.safeParse(toNewOrderInput(draft, {}));
  if (result.success) return NO_DRAFT_ERRORS;
  return placeDraftErrors(draft, issuesByPath(result.error.issues));
}
