/** The product's name: the header, the tab titles and the documents' footers. */
export const APP_NAME = 'MedCalc';
