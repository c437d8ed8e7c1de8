// The Flutter app's runner: nothing of it bears on the case.
