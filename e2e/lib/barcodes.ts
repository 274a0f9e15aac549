/** The journeys read barcodes with the server tests' zbarimg decoder (one decoder for both). */
export { decode } from '../../apps/server/src/test/zbar.ts';
