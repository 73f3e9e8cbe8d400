-- placeholder, replaced by the store work
CREATE TABLE IF NOT EXISTS placeholder(x);
