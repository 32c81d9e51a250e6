// libxml2 for Swift. xmlversion.h comes first so that ICU support can be switched off
// before any other libxml2 header pulls in the system ICU, which clashes with Foundation's.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlerror.h>
