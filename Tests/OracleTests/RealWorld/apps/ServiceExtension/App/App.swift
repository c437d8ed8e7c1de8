// The app's own code is not in the report; this fixture only states its targets (project.yml).
