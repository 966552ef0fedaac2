import FilenameKitCLI

FilenameTool.main()
