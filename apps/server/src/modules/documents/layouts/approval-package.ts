import type { Content, TableCell } from 'pdfmake/interfaces';
import type { ApprovalPackageData, PackageTable } from '../build-approval-package-data';
import {
  BODY_FONT_SIZE,
  MARK_COLOR,
  centredCell,
  combinedDocumentDefinition,
  dataTable,
  documentDefinition,
  headerCells,
  signatureBlock,
  tableWidths,
} from './pdf-layout';
import type { DocumentLayout } from './pdf-layout';
import { serviceCostingLayout } from './service-costing';

/*
 * The approval package as a PDF (issue 35): the draft decision, annex 1, annex 2 (each калькуляція laid out by its
 * own renderer) and the explanatory note, one part after another in one pdfmake pass, the pages numbered through
 * the whole («Сторінка N з M» in the common footer). What it says is build-approval-package-data.ts's.
 */

/**
 * The widths of the package's tables, points (the name column takes what the others leave): the PDF's, and scaled
 * to its page the Word file's (render-approval-docx.ts), so a service's name wraps between words in both. Read
 * only: pdfmake rewrites a table's `widths` in place, so a table is given a copy.
 */
export const PRICE_LIST_WIDTHS: readonly number[] = tableWidths([40, '*', 44, 62, 50, 58, 62]);
export const NOTE_TARIFF_WIDTHS: readonly number[] = tableWidths([40, '*', 66, 66, 56, 50]);
export const COST_STRUCTURE_WIDTHS: readonly number[] = tableWidths(['*', 90, 70]);

/** A table of the package in the house look; the amount columns right-aligned, the totals line in bold. */
function packageTable(table: PackageTable, widths: readonly number[]): Content {
  const cell = (text: string, index: number, bold = false): TableCell => ({
    text,
    ...(table.amountColumns.includes(index) ? { alignment: 'right' as const } : {}),
    ...(bold ? { bold: true } : {}),
  });
  return dataTable(
    {
      widths: [...widths],
      body: [
        headerCells(table.columns),
        ...table.rows.map((row) =>
          row.map((text, index) =>
            table.columns[index] === 'Код' ? centredCell(text) : cell(text, index),
          ),
        ),
        ...(table.total ? [table.total.map((text, index) => cell(text, index, true))] : []),
      ],
    },
    { margin: [0, 0, 0, 10] },
  );
}

/** An annex's caption at the top right of its first page. */
const annexCaption = (lines: readonly string[]): Content => ({
  columns: [
    { text: '', width: '*' },
    { width: 220, stack: lines.map((text) => ({ text })) },
  ],
  margin: [0, 0, 0, 12],
});

/** The draft decision (or order): «ПРОЄКТ», the body, the heading, the blank date and number, the points. */
function decisionPart(data: ApprovalPackageData): DocumentLayout {
  const { decision } = data;
  const content: Content[] = [
    { text: decision.draftMark, color: MARK_COLOR, bold: true, alignment: 'right', fontSize: 12 },
    {
      text: decision.bodyName,
      bold: true,
      alignment: 'center',
      fontSize: 12,
      margin: [0, 12, 0, 4],
    },
    {
      text: decision.heading,
      bold: true,
      alignment: 'center',
      fontSize: 14,
      margin: [0, 0, 0, 10],
    },
    {
      columns: [
        { text: decision.dateLine, width: '*' },
        { text: decision.place, width: 'auto', alignment: 'right' },
      ],
      margin: [0, 0, 0, 14],
    },
    { text: decision.title, bold: true, margin: [0, 0, 180, 12] },
    {
      text: decision.preamble,
      alignment: 'justify',
      margin: [0, 0, 0, 8],
      fontSize: BODY_FONT_SIZE + 1,
    },
    ...decision.points.map((text): Content => ({
      text,
      alignment: 'justify',
      margin: [0, 0, 0, 6],
      fontSize: BODY_FONT_SIZE + 1,
    })),
    signatureBlock([decision.signature]),
  ];
  return documentDefinition(data.heading, data.documentTitle, content);
}

/** Annex 1: the price list, with the прейскурант's figures. */
function priceListPart(data: ApprovalPackageData): DocumentLayout {
  const { annex1 } = data;
  return documentDefinition(data.heading, data.documentTitle, [
    annexCaption(annex1.caption),
    { text: annex1.title, style: 'documentTitle' },
    { text: annex1.note, style: 'subtitle' },
    packageTable(annex1.table, PRICE_LIST_WIDTHS),
  ]);
}

/** The explanatory note: reasons, tariffs in force → new, the cost structure, the profitability against the cap. */
function notePart(data: ApprovalPackageData): DocumentLayout {
  const { note } = data;
  return documentDefinition(data.heading, data.documentTitle, [
    { text: note.title, style: 'documentTitle' },
    { text: note.subtitle, style: 'subtitle' },
    { text: note.reasonsTitle, style: 'sectionTitle' },
    { text: note.reasons[0] ?? '', margin: [0, 0, 0, 2] },
    { ul: note.reasons.slice(1), margin: [6, 0, 0, 6] },
    { text: note.tariffsTitle, style: 'sectionTitle' },
    packageTable(note.tariffs, NOTE_TARIFF_WIDTHS),
    { text: note.structureTitle, style: 'sectionTitle' },
    packageTable(note.structure, COST_STRUCTURE_WIDTHS),
    { text: note.profitabilityTitle, style: 'sectionTitle' },
    ...note.profitability.map((text): Content => ({ text, margin: [0, 0, 0, 4] })),
    signatureBlock(note.signatures),
    { text: note.executor, fontSize: 8, margin: [0, 8, 0, 0] },
  ]);
}

/** Layout of the whole package. */
export function approvalPackageLayout(data: ApprovalPackageData): DocumentLayout {
  const costings: DocumentLayout[] = data.annex2
    ? data.annex2.costings.map((costing, index) => {
        const layout = serviceCostingLayout(costing);
        if (index > 0 || !data.annex2) return layout;
        const body = Array.isArray(layout.content) ? layout.content : [layout.content];
        return { ...layout, content: [annexCaption(data.annex2.caption), ...body] };
      })
    : [];
  return combinedDocumentDefinition(data.heading, data.documentTitle, [
    decisionPart(data),
    priceListPart(data),
    ...costings,
    notePart(data),
  ]);
}
