// The charset detector's model as one byte blob, in a module of its own so that the Swift core compiles none
// of it. CharsetModel.c is written by Scripts/generate-charset-model.py, whose comment above
// LAYOUT_VERSION gives the layout; Sources/FilenameKit/Charset/CharsetModel.swift reads it in place.
#ifndef CCHARSETMODEL_H
#define CCHARSETMODEL_H

#include <stddef.h>

/// The blob's length in bytes.
extern const size_t ccharsetmodel_length;

/// The blob: read-only data, never freed.
extern const unsigned char ccharsetmodel_bytes[];

/// The blob's first byte (an inline function, so Swift gets the address without a call).
static inline const unsigned char *_Nonnull ccharsetmodel_start(void) { return ccharsetmodel_bytes; }

#endif
