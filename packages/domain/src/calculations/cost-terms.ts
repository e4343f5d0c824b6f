/**
 * The words people read for the code names of docs/methodology.md ("Terms on paper"): the documents, the workbook
 * and the wizard's breakdown (issue 23) print these, never `k_відп`, `k_leave` or `share_med`. Lower case, as they
 * stand inside a formula («A = L × коефіцієнт відпусток»).
 */
export const COST_TERMS = {
  /** `k_leave`: the share of the pay fund paid for leave, which gives the additional pay A. */
  leaveCoefficient: 'коефіцієнт відпусток',
  /** `share_med`: the medical rooms' share of the floor area (not of staff), in K's numerator. */
  medicalAreaShare: 'частка медичної площі',
} as const;
