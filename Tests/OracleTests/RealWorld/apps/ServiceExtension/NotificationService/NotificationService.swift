// The extension's code is not in the report; project.yml states that the target exists.
