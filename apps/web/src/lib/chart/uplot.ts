/**
 * uPlot with its stylesheet: the one module that imports the library, loaded on demand by useUplotChart so
 * that it is a chunk of its own, never part of a page's first bundle.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export default uPlot;
