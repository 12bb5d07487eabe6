// The bundled fonts as a resource target of their own: SwiftPM copies this folder's fonts,
// licences and README into `AutoHeight_AutoHeightFonts.resources` beside every executable
// that uses the AutoHeight product. `BundledFonts` (in AutoHeight) finds them there by path;
// nothing in this module is called. Kept apart from the core so that the core links no
// Foundation (SwiftPM's resource accessor imports it): libautoheight.so ships without it.
