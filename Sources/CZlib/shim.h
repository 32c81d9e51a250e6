// zlib for Swift: the compiler reads gzip-compressed corpora (AOSP ships its word lists so).
#include <zlib.h>
