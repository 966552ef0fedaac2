// Every file of this test target sees the shared fixture loader and hex decoder.
@_exported import FilenameKitTestSupport
