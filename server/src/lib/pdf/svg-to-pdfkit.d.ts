declare module 'svg-to-pdfkit' {
  export default function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x: number,
    y: number,
    options?: {
      width?: number;
      height?: number;
      preserveAspectRatio?: string;
      /** Called with each problem met (console.warn when not given); drawing goes on. */
      warningCallback?: (warning: string) => void;
    },
  ): void;
}
