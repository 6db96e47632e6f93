import TagHub
