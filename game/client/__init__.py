"""The pygame client: app loop, scene manager, scenes, widgets, animation, audio."""
